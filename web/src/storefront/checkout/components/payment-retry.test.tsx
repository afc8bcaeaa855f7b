import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShopperOrder } from '@shop/common';
import OrderConfirmationPage from '../order-confirmation-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';

const ORDER_ID = '0123456789abcdef01a2b3c4';
const ORDER_KEY = 'q1w2e3r4t5y6u7i8o9p0-_';
const RECEIPT = 'https://ofd.soliq.uz/check?t=EP1&r=121';

function order(payment: Partial<ShopperOrder['payment']>): ShopperOrder {
  return {
    _id: ORDER_ID,
    orderNumber: '#A2B3C4',
    createdAt: '2026-11-23T09:00:00.000Z',
    total: 450_000,
    status: 'new',
    products: [],
    payment: { method: 'payme', status: 'failed', paidAt: null, ...payment },
    delivery: { method: 'arrange', assembly: false, fee: 0, assemblyFee: 0, carryFee: 0, status: 'awaiting' },
  };
}

const open = () =>
  renderWithProviders(<OrderConfirmationPage />, {
    route: `/order-confirmation?order=${ORDER_ID}&key=${ORDER_KEY}`,
    language: 'en',
  });

describe('Order confirmation after a failed payment', () => {
  it('offers "pay in cash on delivery", which switches the order with its key', async () => {
    const posted: { path: string; body: unknown }[] = [];
    let current = order({});
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        posted.push({ path: `${url.pathname}${url.search}`, body: init.body });
        current = order({ method: 'cash', status: 'unpaid' });
      }
      return jsonResponse(current);
    });
    await open();
    expect(await screen.findByTestId('payment-note')).toHaveTextContent('your order is kept');
    expect(screen.getByRole('button', { name: 'Pay again' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay in cash on delivery' }));
    await waitFor(() =>
      expect(screen.getByTestId('payment-note')).toHaveTextContent(
        'You pay in cash when the furniture is delivered',
      ),
    );
    expect(posted).toEqual([
      {
        path: `/api/orders/${ORDER_ID}/payment?key=${encodeURIComponent(ORDER_KEY)}`,
        body: { method: 'cash' },
      },
    ]);
    expect(screen.queryByTestId('payment-retry')).not.toBeInTheDocument();
  });

  it('says why paying again online is refused', async () => {
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse({ message: 'x', code: 'FISCAL_DATA_MISSING' }, 400)
        : jsonResponse(order({})),
    );
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be paid online yet');
  });

  it('links the fiscal receipt of a paid order', async () => {
    mockFetch(() =>
      jsonResponse(order({ status: 'paid', paidAt: '2026-11-23T10:00:00.000Z', receiptUrl: RECEIPT })),
    );
    await open();
    expect(await screen.findByTestId('receipt-link')).toHaveAttribute('href', RECEIPT);
    expect(screen.queryByTestId('payment-retry')).not.toBeInTheDocument();
  });
});
