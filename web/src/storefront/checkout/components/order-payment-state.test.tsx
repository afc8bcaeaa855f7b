import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { OrderPaymentState } from '@shop/common';
import OrderConfirmationPage from '../order-confirmation-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';

// Poll quickly: the rule under test is when the page asks again, not how long it waits.
vi.mock('../lib/payment-progress', async (original) => ({
  ...(await original<typeof import('../lib/payment-progress')>()),
  PAYMENT_POLL_MS: 20,
}));

const ORDER_ID = '0123456789abcdef01a2b3c4';
const PAYME_PAGE = 'https://checkout.paycom.uz/bT0xMjM';

function state(payment: Partial<OrderPaymentState['payment']>, status: OrderPaymentState['status'] = 'new') {
  return {
    _id: ORDER_ID,
    orderNumber: 'a2b3c4',
    total: 900_000,
    status,
    payment: { method: 'payme', status: 'unpaid', paidAt: null, ...payment },
    delivery: { method: 'arrange', assembly: false, fee: 0, assemblyFee: 0, carryFee: 0, status: 'awaiting' },
  } satisfies OrderPaymentState;
}

/** The server answers each poll with the next state, then keeps answering the last one. */
function serverAnswering(...answers: Response[]) {
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(url.pathname);
    return (answers.length > 1 ? answers.shift() : answers[0])!.clone();
  });
  return asked;
}

const open = (language: 'en' | 'uz' | 'ru' = 'en') =>
  renderWithProviders(<OrderConfirmationPage />, {
    route: `/order-confirmation?order=${ORDER_ID}`,
    language,
  });

describe('Order confirmation: live payment state', () => {
  it('polls while the payment is pending and stops once it is paid', async () => {
    const asked = serverAnswering(
      jsonResponse(state({ status: 'pending', checkoutUrl: PAYME_PAGE })),
      jsonResponse(state({ status: 'pending', checkoutUrl: PAYME_PAGE })),
      jsonResponse(state({ status: 'paid', paidAt: '2026-11-23T10:00:00.000Z' })),
    );
    await open();
    expect(await screen.findByTestId('payment-status')).toHaveTextContent('Payment in progress');
    expect(screen.getByTestId('payment-note')).toHaveTextContent('This page updates by itself');
    expect(screen.getByTestId('order-number')).toHaveTextContent('#A2B3C4');
    expect(screen.getByText('Payme')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Paid'));
    expect(screen.getByTestId('payment-note')).toHaveTextContent('Payment received');
    expect(asked.every((path) => path === `/api/orders/${ORDER_ID}/payment`)).toBe(true);
    const settledAfter = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toHaveLength(settledAfter);
  });

  it('offers the payment page again when the shopper came back without paying', async () => {
    serverAnswering(jsonResponse(state({ status: 'unpaid', checkoutUrl: PAYME_PAGE })));
    await open('ru');
    expect(await screen.findByTestId('payment-status')).toHaveTextContent('Не оплачен');
    expect(screen.getByRole('link', { name: 'Оплатить' })).toHaveAttribute('href', PAYME_PAGE);
  });

  it('stops at a cancelled order and says so, in Uzbek', async () => {
    const asked = serverAnswering(jsonResponse(state({ status: 'cancelled' }, 'cancelled')));
    await open('uz');
    expect(await screen.findByRole('heading', { name: 'Buyurtma bekor qilindi' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Bekor qilingan');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toHaveLength(1);
  });

  it('does not poll a cash order', async () => {
    const asked = serverAnswering(jsonResponse(state({ method: 'cash', status: 'unpaid' })));
    await open();
    expect(await screen.findByTestId('payment-note')).toHaveTextContent('You pay in cash');
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toHaveLength(1);
  });

  it('says an unknown order is not found and stops asking', async () => {
    const asked = serverAnswering(jsonResponse({ message: 'Order not found', code: 'NOT_FOUND' }, 404));
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toHaveLength(1);
  });
});
