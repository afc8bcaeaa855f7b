import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeProduct, makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { ProductsPage } from './products-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const paged = (docs: Product[], totalPages: number, page: number) => ({
  docs,
  totalDocs: docs.length * totalPages,
  totalPages,
  page,
  limit: 10,
});

/** Staff keep their place — filters and page in the URL, surviving an edit (decision 016). */
describe('ProductsPage: the place in the list', () => {
  it('comes back from saving a product to the same filters and page', async () => {
    const desk = makeProduct({ name: 'Parta', category: 'school' });
    const lists: URLSearchParams[] = [];
    mockFetch((url, init) => {
      if (init.method === 'PATCH') return jsonResponse(desk);
      if (url.pathname === `/api/products/${desk._id}`) return jsonResponse(desk);
      lists.push(url.searchParams);
      return jsonResponse(paged([desk], 3, Number(url.searchParams.get('page'))));
    });
    await renderWithProviders(<ProductsPage />, {
      route: '/admin/products?category=school&page=2',
      preloadedState: staff,
    });
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Parta/ });
    expect(Object.fromEntries(lists[0]!)).toMatchObject({ category: 'school', page: '2' });

    await user.click(screen.getByRole('button', { name: 'Edit Parta' }));
    expect(screen.getByTestId('location').textContent).toBe(
      `/admin/products?category=school&page=2&action=edit&id=${desk._id}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/products?category=school&page=2'),
    );
    await screen.findByRole('row', { name: /Parta/ });
    expect(Object.fromEntries(lists.at(-1)!)).toMatchObject({ category: 'school', page: '2' });
    const filters = screen.getByRole('region', { name: 'Product filters' });
    expect(within(filters).getByRole('button', { name: 'Remove filter: School' })).toBeInTheDocument();
  });

  it('moves a page past the end to the last page and drops values the list does not offer', async () => {
    const pages: string[] = [];
    mockFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      pages.push(`${page}:${url.searchParams.get('category') ?? ''}`);
      return jsonResponse(paged(page <= 2 ? [makeProduct({ name: `Stol ${page}` })] : [], 2, page));
    });
    await renderWithProviders(<ProductsPage />, {
      route: '/admin/products?page=5&category=bogus',
      preloadedState: staff,
    });
    expect(await screen.findByText('Stol 2')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/products?page=2');
    expect(pages).toEqual(['5:', '2:']);
  });
});
