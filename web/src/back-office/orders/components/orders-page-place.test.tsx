import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderNumber, type Order } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { OrdersPage } from './orders-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const paged = (docs: Order[], page: number, totalPages: number) => ({
  docs,
  totalDocs: docs.length,
  totalPages,
  page,
  limit: 10,
});

/** Staff find an order by its number, and never sit on a page past the end (decision 016). */
describe('OrdersPage: finding an order and keeping the place', () => {
  it('finds an order by the number typed without #, keeping it in the URL as #A1B2C3', async () => {
    const order = makeOrder();
    const gets: URLSearchParams[] = [];
    mockFetch((url) => {
      gets.push(url.searchParams);
      return jsonResponse(paged([order], 1, 1));
    });
    await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff });
    const user = userEvent.setup();
    const shown = orderNumber(order._id);
    await user.type(await screen.findByLabelText('Order number'), shown.slice(1).toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: `Remove filter: Order: ${shown}` })).toBeInTheDocument();
    expect(gets.at(-1)?.get('orderNumber')).toBe(shown);
    expect(screen.getByTestId('location').textContent).toContain(`number=${encodeURIComponent(shown)}`);
  });

  it('moves a page past the end to the last page', async () => {
    const pages: string[] = [];
    mockFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      pages.push(String(page));
      // Two pages once held orders; the last row of page 2 is gone, so only one page is left.
      return jsonResponse(paged(page === 1 ? [makeOrder()] : [], page, 1));
    });
    await renderWithProviders(<OrdersPage />, {
      route: '/admin/orders?status=new&page=2',
      preloadedState: staff,
    });
    expect(await screen.findByTestId(/^order-row-/)).toBeInTheDocument();
    expect(screen.queryByText('No orders found')).not.toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders?status=new');
    expect(pages).toEqual(['2', '1']);
  });
});
