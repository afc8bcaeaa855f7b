import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@shop/common';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { goToPaymentPage } from '../lib/payment-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeProduct } from '../../../testing/factories';

vi.mock('../lib/payment-page', () => ({ goToPaymentPage: vi.fn() }));

const product = makeProduct({ _id: 'abcdef0123456789abcdef01', price: 450_000 });
const ORDER_ID = '0123456789abcdef01a2b3c4';
const PAYME_PAGE = 'https://checkout.paycom.uz/bT0xMjM7YWMub3JkZXJfaWQ9MDEyMzQ1Njc4OWFiY2RlZjAxYTJiM2M0';

/** A shop whose server offers `methods`; every order it takes is recorded with its body. */
function shop(methods: PaymentMethod[]) {
  const placed: Record<string, unknown>[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/payments/methods') return jsonResponse({ methods });
    const body = init.body as { paymentMethod: PaymentMethod };
    placed.push(body);
    const online = body.paymentMethod !== 'cash';
    return jsonResponse(
      makeOrder({
        _id: ORDER_ID,
        total: 900_000,
        payment: {
          method: body.paymentMethod,
          status: 'unpaid',
          paidAt: null,
          ...(online && { checkoutUrl: PAYME_PAGE }),
        },
      }),
      201,
    );
  });
  return placed;
}

async function openCheckout(language: 'en' | 'uz' | 'ru' = 'en') {
  const view = await renderWithProviders(<CheckoutModal open onClose={vi.fn()} />, {
    route: '/cart',
    language,
  });
  act(() => {
    view.store.dispatch(addItem({ product, quantity: 2, selectedColor: 'oq' }));
  });
  const user = userEvent.setup();
  return { ...view, user };
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Aziz Karimov');
  await user.type(screen.getByLabelText('Phone number'), '901234567');
  await user.click(screen.getByRole('radio', { name: /Agreed by phone|Telefonda/ }));
}

describe('Payment method at checkout', () => {
  it('with cash only, shows no choice and places a cash order as before', async () => {
    const placed = shop(['cash']);
    const { user } = await openCheckout();
    await fillContact(user);
    await waitFor(() => expect(placed).toEqual([]));
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(placed).toEqual([expect.objectContaining({ paymentMethod: 'cash' })]);
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('offers the configured methods, cash chosen first, in the shopper’s language', async () => {
    shop(['cash', 'payme', 'click']);
    await openCheckout('uz');
    const group = await screen.findByRole('group', { name: 'Toʻlov usuli' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Yetkazib berishda naqd pul/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Payme/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Click/ })).not.toBeChecked();
  });

  it('offers only what the server configured', async () => {
    shop(['cash', 'click']);
    await openCheckout();
    await screen.findByRole('radio', { name: /Click/ });
    expect(screen.queryByRole('radio', { name: /Payme/ })).not.toBeInTheDocument();
  });

  it('places a Payme order and sends the shopper to Payme’s page, the cart emptied', async () => {
    const placed = shop(['cash', 'payme', 'click']);
    const { user, store } = await openCheckout();
    await fillContact(user);
    await user.click(await screen.findByRole('radio', { name: /Payme/ }));
    await user.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(PAYME_PAGE));
    expect(placed).toEqual([expect.objectContaining({ paymentMethod: 'payme' })]);
    expect(store.getState().cart.items).toEqual([]);
    // No toast and no route change: the browser is leaving for the provider.
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    expect(screen.getByRole('button', { name: 'Placing order…' })).toBeDisabled();
  });
});
