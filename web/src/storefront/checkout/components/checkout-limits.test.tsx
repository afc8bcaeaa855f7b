import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@shop/common';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeProduct } from '../../../testing/factories';

/** B14: the limits on what one shopper may order, said in the shopper's language at checkout. */
const ORDER_LIMIT = {
  status: 429,
  body: {
    message: 'Too many orders from this address: at most 10 an hour. Try again in 42 min.',
    code: 'ORDER_LIMIT',
  },
};
const TOO_MANY_UNITS = {
  status: 400,
  body: {
    message: 'One order may hold at most 20 units of a product (this one asks for 25)',
    code: 'TOO_MANY_UNITS',
    errors: [{ path: 'items.0.quantity', message: 'One order may hold at most 20 units of a product' }],
  },
};

const LABELS: Record<Language, { name: string; phone: string; place: string }> = {
  en: { name: 'Full name', phone: 'Phone number', place: 'Place order' },
  ru: { name: 'Полное имя', phone: 'Номер телефона', place: 'Оформить заказ' },
  uz: { name: 'Toʻliq ism', phone: 'Telefon raqami', place: 'Buyurtma berish' },
};

async function checkout(language: Language, refusal: { status: number; body: unknown }) {
  mockFetch((url) => {
    if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
    return jsonResponse(refusal.body, refusal.status);
  });
  const view = await renderWithProviders(<CheckoutModal open onClose={() => undefined} />, {
    route: '/cart',
    language,
  });
  act(() => {
    view.store.dispatch(
      addItem({
        product: makeProduct({ _id: 'cccccccccccccccccccccc01', name: 'Parta' }),
        quantity: 25,
        selectedColor: 'oq',
      }),
    );
  });
  const user = userEvent.setup();
  const labels = LABELS[language];
  await user.type(screen.getByLabelText(labels.name), 'Dilnoza');
  await user.type(screen.getByLabelText(labels.phone), '+998901112233');
  await user.click(screen.getByRole('button', { name: labels.place }));
}

describe('CheckoutModal refused by an order limit', () => {
  it.each([
    [
      'en',
      'Too many orders at once. Please wait for our call about the orders you have placed, or try again later.',
    ],
    [
      'ru',
      'Слишком много заказов сразу. Дождитесь нашего звонка по уже оформленным заказам или попробуйте позже.',
    ],
    [
      'uz',
      'Bir vaqtda juda koʻp buyurtma. Berilgan buyurtmalar boʻyicha qoʻngʻirogʻimizni kuting yoki keyinroq qayta urinib koʻring.',
    ],
  ] as const)("shows 429 ORDER_LIMIT in %s, never the server's English", async (language, text) => {
    await checkout(language, ORDER_LIMIT);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/at most 10 an hour/)).not.toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'Line 1, Parta: One order can hold only so many of one product. Please lower the quantity, or call us for a larger order.',
    ],
    [
      'ru',
      'Строка 1, Parta: В одном заказе можно взять лишь ограниченное количество одного товара. Уменьшите количество или позвоните нам, чтобы заказать больше.',
    ],
  ] as const)('names the line of a 400 TOO_MANY_UNITS in %s', async (language, text) => {
    await checkout(language, TOO_MANY_UNITS);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
