import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { jsonResponse, mockFetch, renderWithProviders } from '../testing/render';
import { makeUser } from '../testing/factories';
import './lib/locales';
import { ProductsPage } from './products/components/products-page';
import { DashboardPage } from './dashboard/components/dashboard-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const page = { docs: [], totalDocs: 7, totalPages: 1, page: 1, limit: 10 };
const stats = { totalProducts: 7, totalOrders: 0, newOrders: 0, cancelledOrders: 0, daily: [], lowStock: [] };

/** The product filters of a list request: what decides which products are in the set. */
const setOf = (params: URLSearchParams) =>
  Object.fromEntries([...params].filter(([key]) => key !== 'page' && key !== 'limit'));

/** The dashboard's product count and the products page it links to show one set. */
describe('DashboardPage: the products card', () => {
  it('counts the same products that the page it opens lists', async () => {
    const productLists: URLSearchParams[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/dashboard/stats') return jsonResponse(stats);
      if (url.pathname === '/api/products') productLists.push(url.searchParams);
      return jsonResponse(page);
    });
    await renderWithProviders(
      <Routes>
        <Route path="/admin" element={<DashboardPage />} />
        <Route path="/admin/products" element={<ProductsPage />} />
      </Routes>,
      { route: '/admin', preloadedState: staff },
    );
    const card = await screen.findByRole('link', { name: /Products on sale/ });
    await waitFor(() => expect(card).toHaveTextContent('7'));
    const counted = setOf(productLists[0]!);
    expect(counted).toEqual({ status: 'active', isDeleted: 'false' });

    await userEvent.setup().click(card);
    await waitFor(() => expect(productLists).toHaveLength(2));
    expect(setOf(productLists[1]!)).toEqual(counted);
  });
});
