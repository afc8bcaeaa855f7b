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
const PAID_AT = '2026-11-23T09:30:00.000Z';
/** The back-office chunk and its first list take a while on a busy machine. */
const SLOW = { timeout: 5000 };

const paidBy = (method: 'payme' | 'click', fullName: string) =>
  makeOrder({
    _id: method === 'payme' ? '0123456789abcdef0000aa01' : '0123456789abcdef0000bb02',
    customer: { fullName, phoneNumber: '+998901112233' },
    payment: { method, status: 'paid', paidAt: PAID_AT },
  });

async function openOrder(order: Order, language: 'en' | 'ru' = 'en') {
  await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff, language });
  const user = userEvent.setup();
  const row = await screen.findByRole('row', { name: new RegExp(order.customer.fullName) }, SLOW);
  await user.click(within(row).getAllByRole('button')[0]!);
  return { user, dialog: screen.getByRole('dialog') };
}

describe('Orders: payments', () => {
  it(
    'shows each order’s payment and filters by method and status through the URL',
    { timeout: 30_000 },
    async () => {
      const gets: string[] = [];
      const orders = [
        paidBy('payme', 'Dilnoza Saidova'),
        makeOrder({ customer: { fullName: 'Bobur Aliyev', phoneNumber: '+998907778899' } }),
      ];
      mockFetch((url) => {
        gets.push(url.search);
        return jsonResponse(paged(orders));
      });
      await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff });
      expect(await screen.findByRole('columnheader', { name: 'Payment' }, SLOW)).toBeInTheDocument();
      const paid = screen.getByRole('row', { name: /Dilnoza Saidova/ });
      expect(within(paid).getByTestId('order-payment')).toHaveTextContent('PaidPayme');
      const cash = screen.getByRole('row', { name: /Bobur Aliyev/ });
      expect(within(cash).getByTestId('order-payment')).toHaveTextContent('Not paidCash on delivery');

      const user = userEvent.setup();
      await user.selectOptions(screen.getByLabelText('Payment method'), 'payme');
      await user.selectOptions(screen.getByLabelText('Payment status'), 'paid');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/orders?paymentStatus=paid&paymentMethod=payme',
      );
      await screen.findByRole('button', { name: 'Remove filter: Method: Payme' });
      expect(gets.at(-1)).toBe('?page=1&limit=10&paymentStatus=paid&paymentMethod=payme');
      await user.click(screen.getByRole('button', { name: 'Remove filter: Payment: Paid' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?paymentMethod=payme');
    },
  );

  it('ignores payment filters in the URL that are not ones the server knows', async () => {
    const gets: string[] = [];
    mockFetch((url) => {
      gets.push(url.search);
      return jsonResponse(paged([]));
    });
    await renderWithProviders(<OrdersPage />, {
      route: '/admin/orders?paymentStatus=stolen&paymentMethod=click',
      preloadedState: staff,
    });
    await screen.findByText('No orders found.', {}, SLOW);
    expect(gets[0]).toBe('?page=1&limit=10&paymentMethod=click');
  });

  it('a Payme-paid order: cancelling is closed here and staff are told to refund in Payme', async () => {
    const order = paidBy('payme', 'Dilnoza Saidova');
    mockFetch(() => jsonResponse(paged([order])));
    const { dialog } = await openOrder(order);
    const panel = within(dialog).getByTestId('order-payment-panel');
    expect(panel).toHaveTextContent('Payme');
    expect(within(panel).getByText('Paid')).toBeInTheDocument();
    expect(panel).toHaveTextContent('refund it in the Payme merchant cabinet');
    const cancel = within(dialog).getByRole('button', { name: 'Cancelled' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(/refund it in the Payme merchant cabinet/);
    expect(within(dialog).queryByRole('button', { name: /Refunded in Click/ })).not.toBeInTheDocument();
  });

  it('a Click-paid order: staff confirm the refund made in Click, and the order is cancelled as refunded', async () => {
    let order = paidBy('click', 'Sardor Rahimov');
    const patches: unknown[] = [];
    mockFetch((_url, init) => {
      if (init.method === 'PATCH') {
        patches.push(init.body);
        order = { ...order, status: 'cancelled', payment: { ...order.payment, status: 'refunded' } };
        return jsonResponse(order);
      }
      return jsonResponse(paged([order]));
    });
    const { user, dialog } = await openOrder(order);
    expect(within(dialog).getByRole('button', { name: 'Cancelled' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Refunded in Click: cancel order' }));
    const confirm = within(dialog).getByRole('group', { name: 'Cancel a paid order' });
    expect(confirm).toHaveTextContent(/Have you refunded .* in the Click merchant cabinet/);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, refunded: cancel' }));
    expect(await screen.findByText('Order cancelled, refund recorded')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'cancelled', paymentRefunded: true }]);
    const panel = within(screen.getByRole('dialog')).getByTestId('order-payment-panel');
    expect(within(panel).getByText('Refunded')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-detail-status')).getByText('Cancelled')).toBeInTheDocument();
  });

  it("a refused Click receipt: staff read Click's reason and an admin sends it again", async () => {
    const reason = 'SPIC 09403001009999999 not found in the MXIK catalogue (error -1)';
    const paid = paidBy('click', 'Sardor Rahimov');
    let order: Order = { ...paid, payment: { ...paid.payment, receipt: { status: 'refused', reason } } };
    const posts: string[] = [];
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        posts.push(url.pathname);
        order = { ...order, payment: { ...order.payment, receipt: { status: 'pending' } } };
        return jsonResponse({ status: 'pending' }, 202);
      }
      return jsonResponse(paged([order]));
    });
    const admin = { auth: { ...staff.auth, user: makeUser({ role: 'admin' }) } };
    await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: admin });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Sardor Rahimov/ }, SLOW);
    await user.click(within(row).getAllByRole('button')[0]!);
    const receipt = within(screen.getByRole('dialog')).getByTestId('click-receipt');
    expect(receipt).toHaveTextContent('Click receipt: refused by Click');
    expect(receipt).toHaveTextContent(`Click's reason: ${reason}`);
    await user.click(within(receipt).getByRole('button', { name: 'Send the receipt again' }));
    expect(await screen.findByText('The receipt is being sent again')).toBeInTheDocument();
    expect(posts).toEqual([`/api/orders/${order._id}/payment/receipt`]);
    expect(await screen.findByText(/being sent$/)).toBeInTheDocument();
  });

  it('a refused Click receipt is not sent again by a manager', async () => {
    const paid = paidBy('click', 'Sardor Rahimov');
    const order: Order = { ...paid, payment: { ...paid.payment, receipt: { status: 'refused' } } };
    mockFetch(() => jsonResponse(paged([order])));
    const { dialog } = await openOrder(order);
    const receipt = within(dialog).getByTestId('click-receipt');
    expect(receipt).toHaveTextContent('refused by Click');
    expect(within(receipt).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a paid bank transfer: the cancel button and its question speak of the transfer, not of Click', async () => {
    const order = makeOrder({
      _id: '0123456789abcdef0000cc03',
      customer: { fullName: 'Maktab 12', phoneNumber: '+998901112244' },
      payment: { method: 'bank_transfer', status: 'paid', paidAt: PAID_AT },
    });
    mockFetch(() => jsonResponse(paged([order])));
    const { user, dialog } = await openOrder(order);
    expect(within(dialog).queryByText(/Click/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Money transferred back: cancel order' }));
    const confirm = within(dialog).getByRole('group', { name: 'Cancel a paid order' });
    expect(confirm).toHaveTextContent(/Have you transferred .* back to the buyer's account/);
    expect(confirm).not.toHaveTextContent(/Click/);
  });

  it('shows the server’s 409 for a paid order in the staff member’s language', async () => {
    const order = paidBy('payme', 'Dilnoza Saidova');
    mockFetch((_url, init) =>
      init.method === 'DELETE'
        ? jsonResponse({ message: 'This order is paid through Payme…', code: 'ORDER_PAID' }, 409)
        : jsonResponse(paged([order])),
    );
    await renderWithProviders(<OrdersPage />, {
      route: '/admin/orders',
      preloadedState: staff,
      language: 'ru',
    });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Dilnoza Saidova/ }, SLOW);
    expect(within(row).getByTestId('order-payment')).toHaveTextContent('Оплачен');
    await user.click(within(row).getAllByRole('button').at(-1)!);
    await user.click(within(screen.getByRole('dialog')).getAllByRole('button').at(-1)!);
    expect(await screen.findByText(/Этот заказ оплачен\. Payme/)).toBeInTheDocument();
  });
});
