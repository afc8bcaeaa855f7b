import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeProduct, makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { ProductsPage } from './products-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const paged = (docs: Product[], totalPages = 1, page = 1) => ({
  docs,
  totalDocs: docs.length,
  totalPages,
  page,
  limit: 10,
});

describe('ProductsPage', () => {
  it('filters: search after a pause, page back to 1 on change, badges, reset all', async () => {
    const queries: URLSearchParams[] = [];
    mockFetch((url) => {
      queries.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(paged([makeProduct({ name: `Parta ${page}` })], 7, page));
    });
    await renderWithProviders(<ProductsPage />, { route: '/admin/products', preloadedState: staff });
    const user = userEvent.setup();
    await screen.findByText('Parta 1');
    // Staff see every status and deleted products unless they filter.
    expect(Object.fromEntries(queries[0]!)).toEqual({
      page: '1',
      limit: '10',
      status: 'all',
      isDeleted: 'all',
    });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Parta 3');
    const filters = screen.getByRole('region', { name: 'Product filters' });
    // Collapsed on a phone-sized (or unknown) screen; the toggle opens it.
    await user.click(within(filters).getByRole('button', { name: 'Show filters' }));
    expect(within(filters).getByRole('button', { name: 'Hide filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.selectOptions(within(filters).getByLabelText('Category'), 'office');
    await waitFor(() => expect(queries.at(-1)?.get('category')).toBe('office'));
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Remove filter: Office' })).toBeInTheDocument();

    await user.type(within(filters).getByLabelText('Search'), 'stol');
    expect(queries.at(-1)?.get('search')).toBeNull();
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('stol'), { timeout: 2000 });
    expect(screen.getByRole('button', { name: 'Remove filter: Search: stol' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset all' }));
    // Back to the unfiltered first page (served from the cache of the first request).
    expect(await screen.findByText('Parta 1')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Search')).toHaveValue('');
    expect(within(filters).getByLabelText('Category')).toHaveValue('');
    expect(screen.queryByRole('button', { name: /^Remove filter/ })).not.toBeInTheDocument();
  });

  it('restores a deleted row and opens the create form from ?action=create', async () => {
    const deleted = makeProduct({ name: "O'qituvchi stoli", isDeleted: true });
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init.method} ${url.pathname}`);
      if (init.method === 'PATCH') return jsonResponse({ ...deleted, isDeleted: false });
      return jsonResponse(paged([deleted]));
    });
    await renderWithProviders(<ProductsPage />, { route: '/admin/products', preloadedState: staff });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /O'qituvchi stoli/ });
    expect(within(row).getByText('Deleted')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: "Restore O'qituvchi stoli" }));
    expect(await screen.findByText('Product restored successfully')).toBeInTheDocument();
    expect(calls).toContain(`PATCH /api/products/${deleted._id}/restore`);

    await user.click(screen.getByRole('button', { name: 'Add new product' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?action=create');
    expect(screen.getByRole('heading', { name: 'Add new product' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add new product' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Add new product' })).toBeInTheDocument();
  });
});
