import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Order } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { OrdersPage } from './orders-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const paged = (docs: Order[]) => ({ docs, totalDocs: docs.length, totalPages: 1, page: 1, limit: 10 });

describe('Orders: verified phones', () => {
  it('marks the orders of a phone a customer proved by SMS code', { timeout: 20_000 }, async () => {
    const orders = [
      makeOrder({
        _id: '0123456789abcdef0000cc01',
        customer: { fullName: 'Dilnoza Saidova', phoneNumber: '+998901112233', phoneVerified: true },
      }),
      makeOrder({
        _id: '0123456789abcdef0000cc02',
        customer: { fullName: 'Bobur Aliyev', phoneNumber: '+998907778899', phoneVerified: false },
      }),
    ];
    mockFetch((url) => (url.pathname === '/api/orders' ? jsonResponse(paged(orders)) : jsonResponse({})));
    await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff });
    const verified = await screen.findByRole('row', { name: /Dilnoza Saidova/ }, { timeout: 5000 });
    expect(within(verified).getByTestId('phone-verified')).toHaveTextContent('phone verified');
    const other = screen.getByRole('row', { name: /Bobur Aliyev/ });
    expect(within(other).queryByTestId('phone-verified')).not.toBeInTheDocument();
  });
});
