import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote } from '@shop/common';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { TEST_SITE, jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeProduct } from '../../../testing/factories';
import { TEST_ZONES, testQuote } from '../../../testing/delivery';

const wardrobe = makeProduct({ _id: 'abcdef0123456789abcdef02', price: 450_000 });

const refusal = (reason: string) =>
  jsonResponse({ message: 'No', code: 'PROMO_CODE_INVALID', reason, errors: [] }, 400);

/** The quote of each code the shop knows (goods 900 000, courier 50 000). */
const QUOTES: Record<string, Partial<Quote>> = {
  BAHOR10: { promo: { code: 'BAHOR10', kind: 'percent', discount: 90_000 }, total: 860_000 },
  ONCE: { promo: { code: 'ONCE', kind: 'fixed', discount: 100_000 }, total: 850_000 },
  YETKAZ: { promo: { code: 'YETKAZ', kind: 'free_delivery', discount: 50_000 }, delivery: 0, total: 900_000 },
};

/** A cash-only shop; ONCE is taken by the quote but refused when the order is placed (this phone used it). */
function shop() {
  const orders: { promoCode?: string }[] = [];
  const quotes: { promoCode?: string }[] = [];
  mockFetch(
    (url, init) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      if (url.pathname !== '/api/orders') return jsonResponse({});
      const body = init.body as { promoCode?: string };
      orders.push(body);
      if (body.promoCode === 'ONCE') return refusal('used_up');
      return jsonResponse(makeOrder({ _id: '0123456789abcdef01a2b3c4' }), 201);
    },
    (url, init) => {
      if (url.pathname.endsWith('/zones')) return jsonResponse({ docs: TEST_ZONES });
      const body = init.body as { promoCode?: string };
      quotes.push(body);
      if (!body.promoCode) return jsonResponse(testQuote());
      const known = QUOTES[body.promoCode];
      return known ? jsonResponse(testQuote(known)) : refusal('unknown');
    },
  );
  return { orders, quotes };
}

async function openCheckout() {
  const view = await renderWithProviders(<CheckoutModal open onClose={() => undefined} />, {
    route: '/cart',
    site: TEST_SITE,
  });
  act(() => {
    view.store.dispatch(addItem({ product: wardrobe, quantity: 2, selectedColor: 'oq' }));
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Dilnoza');
  await user.type(screen.getByLabelText('Phone number'), '901234567');
  const apply = async (code: string) => {
    await user.clear(screen.getByLabelText('Promo code'));
    await user.type(screen.getByLabelText('Promo code'), code);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
  };
  return { user, apply };
}

const total = () => screen.getByTestId('checkout-total');

describe('a promo code at checkout', () => {
  it('a wrong code shows why and changes nothing; the right one shows its own line and goes with the order', async () => {
    const { orders } = shop();
    const { user, apply } = await openCheckout();
    expect(total()).toHaveTextContent("900 000 so'm");
    await apply('nosuch');
    expect(await screen.findByTestId('promo-reason')).toHaveTextContent('There is no such promo code.');
    expect(screen.queryByTestId('promo-line')).toBeNull();
    expect(total()).toHaveTextContent("900 000 so'm");

    await apply('bahor10');
    const line = await screen.findByTestId('promo-line');
    expect(line).toHaveTextContent("−90 000 so'm");
    expect(within(screen.getByTestId('checkout-totals')).getByText('Promo code BAHOR10')).toBeInTheDocument();
    expect(screen.queryByTestId('promo-reason')).toBeNull();
    expect(total()).toHaveTextContent("810 000 so'm");
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({ promoCode: 'BAHOR10', totalAmount: 810_000 });
  });

  it('a code the order refuses is dropped with its reason, and the total goes back to the goods', async () => {
    const { orders } = shop();
    const { user, apply } = await openCheckout();
    await apply('once');
    expect(await screen.findByTestId('promo-line')).toHaveTextContent("−100 000 so'm");
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(await screen.findByTestId('promo-reason')).toHaveTextContent('This promo code has been used up.');
    await waitFor(() => expect(screen.queryByTestId('promo-line')).toBeNull());
    expect(total()).toHaveTextContent("900 000 so'm");
  });

  it('free delivery shows its line only for the courier, the one method with a fee to waive', async () => {
    const { quotes } = shop();
    const { user, apply } = await openCheckout();
    await user.click(screen.getByRole('radio', { name: /Courier to the door/ }));
    await apply('yetkaz');
    expect(await screen.findByTestId('promo-line')).toHaveTextContent("−50 000 so'm");
    expect(screen.getByText('Free delivery (YETKAZ)')).toBeInTheDocument();
    expect(total()).toHaveTextContent("900 000 so'm");
    await user.click(screen.getByRole('radio', { name: /Agreed by phone/ }));
    await waitFor(() => expect(screen.queryByTestId('promo-line')).toBeNull());
    expect(screen.queryByText('Free delivery (YETKAZ)')).toBeNull();
    expect(screen.queryByTestId('promo-reason')).toBeNull();
    expect(total()).toHaveTextContent("900 000 so'm");
    expect(quotes.at(-1)?.promoCode).toBe('YETKAZ');
  });
});
