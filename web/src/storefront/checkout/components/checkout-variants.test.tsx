import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { OrderLineItem } from '../../../entities/order/order-line-item';
import { productAs } from '../../../lib/variant-choice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeVariantDesk } from '../../../testing/factories';

const desk = makeVariantDesk({ _id: 'dddddddddddddddddddddd03' });
const variant = desk.variants[2]!;

describe('checkout of a variant', () => {
  it('sends the variant of each line, and a refusal of it is said on the line in the shopper’s language', async () => {
    const sent: { items: Record<string, unknown>[] }[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      if (url.pathname === '/api/orders') sent.push(init.body as unknown as (typeof sent)[number]);
      return jsonResponse(
        {
          message: 'That variant is no longer sold',
          code: 'VARIANT_UNAVAILABLE',
          errors: [{ path: 'items.0.variantId', message: 'Unavailable' }],
        },
        409,
      );
    });
    const view = await renderWithProviders(<CheckoutModal open onClose={() => undefined} />, {
      route: '/cart',
      language: 'ru',
    });
    act(() => {
      view.store.dispatch(
        addItem({ product: productAs(desk, variant), variant, quantity: 1, selectedColor: 'Eman' }),
      );
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Полное имя'), 'Азиз');
    await user.type(screen.getByLabelText('Номер телефона'), '90 123-45-67');
    await user.click(screen.getByRole('radio', { name: /Договоримся по телефону/ }));
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    await waitFor(() =>
      expect(document.querySelector('.Toastify__toast')).toHaveTextContent(
        'Строка 1, Ofis stoli (140 см · Дуб): Этот вариант товара больше не продаётся.',
      ),
    );
    expect(sent[0]!.items[0]).toMatchObject({
      productId: desk._id,
      variantId: variant._id,
      price: 1_200_000,
    });
    expect(view.store.getState().cart.items[0]!.problem).toBe('VARIANT_UNAVAILABLE');
  });

  it('an order names its variant as it read when ordered, in the shopper’s language', async () => {
    const order = makeOrder();
    const line = {
      ...order.products[0]!,
      variant: {
        _id: variant._id,
        sku: 'DESK-140-OAK',
        label: { uz: '140 sm · Eman', ru: '140 см · Дуб', en: '140 cm · Oak' },
      },
    };
    await renderWithProviders(
      <ul>
        <OrderLineItem line={line} />
      </ul>,
      { language: 'ru' },
    );
    expect(screen.getByTestId('order-line-variant')).toHaveTextContent('(140 см · Дуб)');
  });
});
