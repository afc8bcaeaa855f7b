import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeProduct } from '../../../testing/factories';

/** A 409 at checkout names the product and the line, and the cart refreshes (decision 016). */
describe('CheckoutModal refused by the server', () => {
  it('names the line the server refused and asks the cart to refresh', async () => {
    const desk = makeProduct({ _id: 'bbbbbbbbbbbbbbbbbbbbbb01', name: 'Parta' });
    const stool = makeProduct({ _id: 'bbbbbbbbbbbbbbbbbbbbbb02', name: 'Bar stuli' });
    mockFetch((url) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      return jsonResponse(
        {
          message: 'Not enough stock for Bar stuli: 1 left',
          code: 'OUT_OF_STOCK',
          errors: [{ path: 'items.1.quantity', message: 'Not enough stock for Bar stuli: 1 left' }],
        },
        409,
      );
    });
    const refreshed = vi.fn();
    const view = await renderWithProviders(
      <CheckoutModal open onClose={() => undefined} onOrderConflict={refreshed} />,
      { route: '/cart' },
    );
    act(() => {
      view.store.dispatch(addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
      view.store.dispatch(addItem({ product: stool, quantity: 2, selectedColor: 'oq' }));
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Dilnoza');
    await user.type(screen.getByLabelText('Phone number'), '+998901112233');
    await user.click(screen.getByRole('radio', { name: /Agreed by phone/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(
      await screen.findByText('Line 2, Bar stuli: Sorry, there is not enough stock of one of the products.'),
    ).toBeInTheDocument();
    expect(refreshed).toHaveBeenCalledTimes(1);
  });

  it("names the refused product in the shopper's language", async () => {
    const stool = makeProduct({
      _id: 'bbbbbbbbbbbbbbbbbbbbbb03',
      name: 'Loft bar stuli',
      translations: { ru: { name: 'Барный стул лофт' }, en: { name: 'Loft bar stool' } },
    });
    mockFetch((url) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      return jsonResponse(
        {
          message: 'Not enough stock for Loft bar stuli: 1 left',
          code: 'OUT_OF_STOCK',
          errors: [{ path: 'items.0.quantity', message: 'Not enough stock for Loft bar stuli: 1 left' }],
        },
        409,
      );
    });
    const view = await renderWithProviders(<CheckoutModal open onClose={() => undefined} />, {
      route: '/cart',
      language: 'ru',
    });
    act(() => {
      view.store.dispatch(addItem({ product: stool, quantity: 2, selectedColor: 'oq' }));
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Полное имя'), 'Дилноза');
    await user.type(screen.getByLabelText('Номер телефона'), '+998901112233');
    await user.click(screen.getByRole('radio', { name: /Договоримся по телефону/ }));
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(
      await screen.findByText(
        'Строка 1, Барный стул лофт: К сожалению, одного из товаров нет в нужном количестве.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Loft bar stuli/)).not.toBeInTheDocument();
  });
});
