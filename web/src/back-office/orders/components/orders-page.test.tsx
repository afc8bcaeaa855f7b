import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderNumber, type Order } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { OrdersPage } from './orders-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const paged = (docs: Order[], totalPages = 1) => ({
  docs,
  totalDocs: docs.length,
  totalPages,
  page: 1,
  limit: 10,
});

describe('OrdersPage', () => {
  it('reads ?status=new, shows the chip, and drops the filter when the chip is removed', async () => {
    const gets: string[] = [];
    mockFetch((url) => {
      gets.push(url.search);
      return jsonResponse(paged([makeOrder()], 2));
    });
    await renderWithProviders(<OrdersPage />, { route: '/admin/orders?status=new', preloadedState: staff });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(gets[0]).toBe('?page=1&limit=10&status=new');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove filter: Status: New' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/orders$/);
    await screen.findByText('Page 1 of 2');
    expect(gets.at(-1)).toBe('?page=1&limit=10');
  });

  it('sets a status from the modal: the list and the modal update in place; a 409 is shown translated', async () => {
    const order = makeOrder({ customer: { fullName: 'Malika Tursunova', phoneNumber: '+998933334455' } });
    let current = order;
    const patches: unknown[] = [];
    mockFetch((_url, init) => {
      if (init.method === 'PATCH') {
        patches.push(init.body);
        const body = init.body as { status?: Order['status'] };
        if (body.status === 'new') return jsonResponse({ message: 'No stock', code: 'OUT_OF_STOCK' }, 409);
        current = { ...current, ...body };
        return jsonResponse(current);
      }
      // The list is never re-read: what changes on screen comes from the PATCH answers.
      return jsonResponse(paged([order]));
    });
    await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Malika Tursunova/ });
    expect(within(row).getByText(orderNumber(order._id))).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `View order ${orderNumber(order._id)}` }));
    const dialog = screen.getByRole('dialog', { name: `Order ${orderNumber(order._id)}` });
    expect(within(dialog).getByRole('button', { name: 'New' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByText('Order status updated')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'cancelled' }]);
    expect(within(screen.getByTestId('order-detail-status')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelled' })).toBeDisabled();
    expect(
      within(screen.getByRole('row', { name: /Malika Tursunova/ })).getByText('Cancelled'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'New' }));
    expect(
      await screen.findByText('Sorry, there is not enough stock of one of the products.'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('order-detail-status')).getByText('Cancelled')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Notes'), 'Qayta qo‘ng‘iroq qilish');
    await user.click(within(dialog).getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Notes updated')).toBeInTheDocument();
    expect(patches.at(-1)).toEqual({ notes: 'Qayta qo‘ng‘iroq qilish' });
  });

  it('asks before deleting an order', async () => {
    const order = makeOrder();
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init.method} ${url.pathname}`);
      return init.method === 'DELETE' ? jsonResponse({ message: 'ok' }) : jsonResponse(paged([order]));
    });
    await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Delete order ${orderNumber(order._id)}` }));
    const confirm = screen.getByRole('dialog', { name: 'Delete order' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain(`DELETE /api/orders/${order._id}`);
    await user.click(screen.getByRole('button', { name: `Delete order ${orderNumber(order._id)}` }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete order' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Order deleted successfully')).toBeInTheDocument();
    expect(calls).toContain(`DELETE /api/orders/${order._id}`);
  });
});
