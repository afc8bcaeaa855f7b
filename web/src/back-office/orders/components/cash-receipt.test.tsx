import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { OrdersPage } from './orders-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const paged = (docs: Order[]) => ({ docs, totalDocs: docs.length, totalPages: 1, page: 1, limit: 10 });
const SLOW = { timeout: 5000 };
const RECEIVED_AT = '2026-11-23T09:30:00.000Z';

async function openOrder(order: Order, language: 'en' | 'ru' = 'en') {
  await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff, language });
  const user = userEvent.setup();
  const row = await screen.findByRole('row', { name: new RegExp(order.customer.fullName) }, SLOW);
  await user.click(within(row).getAllByRole('button')[0]!);
  return { user, dialog: screen.getByRole('dialog') };
}

describe('Orders: cash received', () => {
  it('records the cash for the order total after a confirmation, then shows amount, who and when', async () => {
    let order = makeOrder({
      customer: { fullName: 'Bobur Aliyev', phoneNumber: '+998907778899' },
      total: 900_000,
    });
    const posts: { path: string; body: unknown }[] = [];
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        posts.push({ path: url.pathname, body: init.body });
        order = {
          ...order,
          payment: {
            method: 'cash',
            status: 'paid',
            paidAt: RECEIVED_AT,
            cashReceived: { amount: 900_000, by: { _id: 'u1', name: 'Jasur Tursunov' }, at: RECEIVED_AT },
          },
        };
        return jsonResponse(order);
      }
      return jsonResponse(paged([order]));
    });
    const { user, dialog } = await openOrder(order);
    await user.click(within(dialog).getByRole('button', { name: 'Cash received' }));
    const confirm = within(dialog).getByRole('group', { name: 'Record cash received' });
    expect(confirm).toHaveTextContent(/Did you receive 900\s000 so'm in cash for order #/);
    expect(posts).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, received' }));
    expect(await screen.findByText('Cash payment recorded')).toBeInTheDocument();
    expect(posts).toEqual([{ path: `/api/orders/${order._id}/payments/cash`, body: { amount: 900_000 } }]);
    const panel = within(screen.getByRole('dialog')).getByTestId('order-payment-panel');
    expect(within(panel).getByText('Paid')).toBeInTheDocument();
    expect(within(panel).getByTestId('cash-received')).toHaveTextContent(
      /900\s000 so'm, by Jasur Tursunov, /,
    );
    expect(within(panel).queryByRole('button', { name: 'Cash received' })).not.toBeInTheDocument();
  });

  it('offers no "cash received" for an online order, nor once cancelled', async () => {
    const payme = makeOrder({
      customer: { fullName: 'Dilnoza Saidova', phoneNumber: '+998901112233' },
      payment: { method: 'payme', status: 'unpaid', paidAt: null },
    });
    mockFetch(() => jsonResponse(paged([payme])));
    const { dialog } = await openOrder(payme);
    expect(within(dialog).queryByRole('button', { name: 'Cash received' })).not.toBeInTheDocument();
  });

  it('a cash-paid order is cancelled only after staff confirm the money was given back, in Russian', async () => {
    const order = makeOrder({
      customer: { fullName: 'Sardor Rahimov', phoneNumber: '+998901112244' },
      payment: {
        method: 'cash',
        status: 'paid',
        paidAt: RECEIVED_AT,
        cashReceived: { amount: 900_000, by: { _id: null, name: 'Jasur Tursunov' }, at: RECEIVED_AT },
      },
    });
    mockFetch(() => jsonResponse(paged([order])));
    const { user, dialog } = await openOrder(order, 'ru');
    expect(within(dialog).getByTestId('cash-received')).toHaveTextContent(/принял\(а\) Jasur Tursunov/);
    await user.click(within(dialog).getByRole('button', { name: 'Деньги возвращены: отменить заказ' }));
    expect(within(dialog).getByRole('group')).toHaveTextContent(/Вы вернули 900\s000/);
  });
});
