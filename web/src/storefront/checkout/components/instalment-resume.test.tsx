import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShopperOrder } from '@shop/common';
import OrderConfirmationPage from '../order-confirmation-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';

vi.mock('../lib/payment-progress', async (original) => ({
  ...(await original<typeof import('../lib/payment-progress')>()),
  PAYMENT_POLL_MS: 20,
}));

const ORDER_ID = '0123456789abcdef01a2b3c4';
const ORDER_KEY = 'q1w2e3r4t5y6u7i8o9p0-_';
const CONTRACT = { months: 12, monthly: 120_000, contractId: '777' };

function order(payment: Partial<ShopperOrder['payment']>): ShopperOrder {
  return {
    _id: ORDER_ID,
    orderNumber: '#A2B3C4',
    createdAt: '2026-11-23T09:00:00.000Z',
    total: 1_000_000,
    status: 'new',
    products: [],
    payment: { method: 'uzum_nasiya', status: 'unpaid', paidAt: null, ...payment },
    delivery: { method: 'arrange', assembly: false, fee: 0, assemblyFee: 0, carryFee: 0, status: 'awaiting' },
  };
}

/** A shop with one instalment order: its state moves as the contract is made; every request is kept. */
function shop(initial: ShopperOrder) {
  let current = initial;
  const asked: { method: string; path: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    const path = `${url.pathname}${url.search}`;
    asked.push({ method: init.method ?? 'GET', path, body: init.body });
    if (url.pathname === '/api/instalments/check') {
      return jsonResponse({
        status: 'verified',
        plans: [
          { months: 6, monthly: 210_000, total: 1_260_000, overpayment: 260_000 },
          { months: 12, monthly: 120_000, total: 1_440_000, overpayment: 440_000 },
        ],
      });
    }
    if (url.pathname === `/api/orders/${ORDER_ID}/instalment`) {
      current = order({ status: 'pending', instalment: CONTRACT });
      return jsonResponse({ ...CONTRACT, total: 1_440_000, overpayment: 440_000 }, 201);
    }
    if (url.pathname === `/api/orders/${ORDER_ID}/instalment/confirm`) {
      current = order({ status: 'paid', paidAt: '2026-11-23T10:00:00.000Z', instalment: CONTRACT });
      return jsonResponse({ status: 'paid' });
    }
    if (url.pathname === `/api/orders/${ORDER_ID}/payment`) {
      current = order({ method: 'cash', status: 'unpaid' });
      return jsonResponse(current);
    }
    return jsonResponse(current);
  });
  return asked;
}

const open = () =>
  renderWithProviders(<OrderConfirmationPage />, {
    route: `/order-confirmation?order=${ORDER_ID}&key=${ORDER_KEY}`,
  });

describe('Instalment order opened without its plan in the link', () => {
  it("offers the buyer's plans, makes the contract with the order key and then asks for the code", async () => {
    const asked = shop(order({}));
    await open();
    expect(await screen.findByTestId('instalment-plans')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Phone number'), '+998901234567');
    await userEvent.click(screen.getByRole('button', { name: 'Check whether I can pay monthly' }));
    await userEvent.click(await screen.findByRole('radio', { name: /^12 months: 120.000 so'm a month/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign the 12-month contract' }));
    expect(await screen.findByLabelText('SMS code')).toBeInTheDocument();
    expect(asked.find((r) => r.path === '/api/instalments/check')?.body).toEqual({
      phoneNumber: '+998901234567',
      amount: 1_000_000,
    });
    expect(asked.filter((r) => r.method === 'POST' && r.path.includes('/instalment?'))).toEqual([
      {
        method: 'POST',
        path: `/api/orders/${ORDER_ID}/instalment?key=${ORDER_KEY}`,
        body: { months: 12 },
      },
    ]);
    expect(screen.queryByTestId('instalment-plans')).not.toBeInTheDocument();
  });

  it('after a reload in the middle of signing, asks for the code and makes no second contract', async () => {
    const asked = shop(order({ status: 'pending', instalment: CONTRACT }));
    await open();
    await userEvent.type(await screen.findByLabelText('SMS code'), '123456');
    expect(screen.queryByTestId('instalment-plans')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-retry')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and pay' }));
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Paid'));
    expect(asked.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      [`/api/orders/${ORDER_ID}/instalment/confirm?key=${ORDER_KEY}`, { code: '123456' }],
    ]);
  });

  it('lets the buyer leave instalments for cash before a contract is made', async () => {
    const asked = shop(order({}));
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay in cash on delivery' }));
    await waitFor(() => expect(screen.getByTestId('payment-note')).toHaveTextContent('You pay in cash'));
    expect(screen.queryByTestId('instalment-plans')).not.toBeInTheDocument();
    expect(asked.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/payment?key=${ORDER_KEY}`,
      body: { method: 'cash' },
    });
  });
});
