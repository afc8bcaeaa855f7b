import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductsPage from './listing-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeProduct } from '../../testing/factories';

function serve(total = 20) {
  const queries: Record<string, string>[] = [];
  const fetch = mockFetch((url) => {
    queries.push(Object.fromEntries(url.searchParams));
    const docs = [
      makeProduct({ name: 'Arzon stul', price: 100_000 }),
      makeProduct({ name: 'Qimmat stol', price: 900_000 }),
    ];
    return jsonResponse({
      docs,
      totalDocs: total,
      totalPages: Math.ceil(total / 9),
      page: Number(url.searchParams.get('page')),
      limit: 9,
    });
  });
  return { queries, fetch };
}

describe('ProductsPage URL ↔ filters', () => {
  it('queries the server with the URL filters, mapping an unknown category to all', async () => {
    const { queries } = serve();
    await renderWithProviders(<ProductsPage />, {
      route: '/products?category=garden&filter=discount&sort=price_asc&page=2',
    });
    await screen.findByText('Arzon stul');
    expect(queries[0]).toEqual({
      page: '2',
      limit: '9',
      status: 'active',
      sort: 'price_asc',
      category: 'all',
      filter: 'discount',
    });
    expect(screen.getByRole('radio', { name: 'On sale' })).toBeChecked();
    expect(screen.getByText('Showing 2 of 20')).toBeInTheDocument();
  });

  it('writes filter changes to the URL after a 500 ms pause and resets the page', async () => {
    const { queries } = serve();
    await renderWithProviders(<ProductsPage />, { route: '/products?page=3' });
    await screen.findByText('Arzon stul');
    // Keystrokes and the click in one synchronous run: no timer can fire between them, so the
    // check below does not depend on how fast a loaded machine types.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const typed of ['s', 'st', 'sto', 'stol']) fireEvent.input(search, { target: { value: typed } });
    fireEvent.click(screen.getByRole('radio', { name: 'Office' }));
    // Not yet: the debounce is still running.
    expect(screen.getByTestId('location')).toHaveTextContent('/products?page=3');
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/products?category=office&search=stol'),
      {
        timeout: 2000,
      },
    );
    await waitFor(() =>
      expect(queries.at(-1)).toMatchObject({ category: 'office', search: 'stol', page: '1' }),
    );
    // Typing never produced a request per keystroke.
    expect(queries.filter((query) => query.search && query.search !== 'stol')).toEqual([]);
  });

  it('changes the page through the pager and the sort through the server', async () => {
    const { queries } = serve(40);
    await renderWithProviders(<ProductsPage />, { route: '/products' });
    await screen.findByText('Arzon stul');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products?page=5');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/products?sort=price_desc'),
      { timeout: 2000 },
    );
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ sort: 'price_desc', page: '1' }));
  });

  it('says the results are ordered by relevance while a search is on, in the shopper language', async () => {
    const { queries } = serve();
    const view = await renderWithProviders(<ProductsPage />, {
      route: '/products?search=stul',
      language: 'ru',
    });
    await screen.findByText('Arzon stul');
    const sort = screen.getByLabelText('Сортировка');
    expect(sort).toHaveDisplayValue('По релевантности');
    expect(screen.queryByRole('option', { name: 'Сначала новые' })).not.toBeInTheDocument();
    // The relevance order is the server's default: no sort is sent with the search.
    expect(queries.at(-1)).toMatchObject({ search: 'stul' });
    expect(queries.at(-1)).not.toHaveProperty('sort');
    view.unmount();

    await renderWithProviders(<ProductsPage />, { route: '/products' });
    await screen.findByText('Arzon stul');
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Newest');
    expect(screen.queryByRole('option', { name: 'Relevance' })).not.toBeInTheDocument();
  });

  it('heads a search with its words instead of "All products", in the shopper language', async () => {
    serve();
    const view = await renderWithProviders(<ProductsPage />, { route: '/products?search=stol' });
    await screen.findByText('Arzon stul');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “stol”');
    view.unmount();

    const inCategory = await renderWithProviders(<ProductsPage />, {
      route: '/products?search=stol&category=office',
      language: 'ru',
    });
    await screen.findByText('Arzon stul');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Результаты по запросу «stol» в разделе «Офис»',
    );
    inCategory.unmount();

    await renderWithProviders(<ProductsPage />, { route: '/products?search=stol', language: 'uz' });
    await screen.findByText('Arzon stul');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('“stol” boʻyicha natijalar');
  });

  it('filters the loaded page by price between slider bounds taken from the products', async () => {
    serve();
    await renderWithProviders(<ProductsPage />, { route: '/products' });
    await screen.findByText('Arzon stul');
    const min = screen.getByLabelText('Minimum price');
    expect(min).toHaveAttribute('min', '100000');
    expect(min).toHaveAttribute('max', '900000');
    fireEvent.input(min, { target: { value: '500000' } });
    await waitFor(() => expect(screen.queryByText('Arzon stul')).not.toBeInTheDocument(), { timeout: 2000 });
    expect(screen.getByText('Qimmat stol')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 20')).toBeInTheDocument();
  });

  it('shows the empty and the error texts', async () => {
    mockFetch(() => jsonResponse({ docs: [], totalDocs: 0, totalPages: 0, page: 1, limit: 9 }));
    const first = await renderWithProviders(<ProductsPage />, { route: '/products?search=zzz' });
    expect(await screen.findByText('No products found matching your criteria.')).toBeInTheDocument();
    first.unmount();
    mockFetch(() => jsonResponse({ message: 'boom', code: 'INTERNAL_ERROR' }, 500));
    await renderWithProviders(<ProductsPage />, { route: '/products?search=yyy' });
    expect(await screen.findByText('Error loading products.')).toBeInTheDocument();
  });
});
