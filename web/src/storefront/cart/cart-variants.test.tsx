import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CartPage from './cart-page';
import { addItem, flagLine } from '../../entities/cart/cart-slice';
import { productAs } from '../../lib/variant-choice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeVariantDesk } from '../../testing/factories';

const desk = makeVariantDesk({ _id: 'dddddddddddddddddddddd02' });
const [small, , large] = desk.variants as [
  (typeof desk.variants)[number],
  unknown,
  (typeof desk.variants)[number],
];
const page = (docs: unknown[]) => ({ docs, totalDocs: docs.length, totalPages: 1, page: 1, limit: 20 });

/** Each variant is its own cart line, named by its values in the shopper's language. */
describe('cart lines of a product with variants', () => {
  it('names the variant, follows its new price on refresh and drops a variant no longer sold', async () => {
    // The catalogue now: the small desk costs more, the large one is no longer sold.
    const fresh = {
      ...desk,
      variants: desk.variants
        .filter((variant) => variant._id !== large._id)
        .map((variant) => (variant._id === small._id ? { ...variant, price: 1_050_000 } : variant)),
    };
    mockFetch((url) =>
      url.pathname === '/api/products' ? jsonResponse(page([fresh])) : jsonResponse({ methods: ['cash'] }),
    );
    const view = await renderWithProviders(<CartPage Checkout={() => null} />, {
      route: '/cart',
      language: 'ru',
    });
    act(() => {
      for (const variant of [small, large, small])
        view.store.dispatch(
          addItem({ product: productAs(desk, variant), variant, quantity: 1, selectedColor: 'Eman' }),
        );
    });
    expect(view.store.getState().cart.items.map((item) => [item.key, item.quantity])).toEqual([
      [`${desk._id}-v${small._id}`, 2],
      [`${desk._id}-v${large._id}`, 1],
    ]);

    const first = screen.getByTestId('cart-line-0');
    expect(within(first).getByTestId('cart-line-variant')).toHaveTextContent('120 см · Дуб');
    expect(within(screen.getByTestId('cart-line-1')).getByTestId('cart-line-variant')).toHaveTextContent(
      '140 см · Дуб',
    );
    await waitFor(() => expect(first).toHaveTextContent('1 050 000 сум'));
    expect(screen.getByTestId('cart-line-1')).toHaveTextContent('Больше недоступен');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('2 100 000 сум');

    // Removing one variant leaves the other.
    await userEvent
      .setup()
      .click(within(screen.getByTestId('cart-line-1')).getByRole('button', { name: /140 см/ }));
    expect(view.store.getState().cart.items.map((item) => item.variant?.sku)).toEqual(['DESK-120-OAK']);
  });

  it('sends a line the server refused for naming no variant to the product page to choose one', async () => {
    mockFetch((url) =>
      url.pathname === '/api/products' ? jsonResponse(page([desk])) : jsonResponse({ methods: ['cash'] }),
    );
    const view = await renderWithProviders(<CartPage Checkout={() => null} />, { route: '/cart' });
    act(() => {
      view.store.dispatch(addItem({ product: desk, quantity: 1, selectedColor: 'Eman' }));
      view.store.dispatch(flagLine({ key: `${desk._id}-Eman`, problem: 'VARIANT_REQUIRED' }));
    });
    const line = screen.getByTestId('cart-line-0');
    expect(line).toHaveTextContent('Please choose the size or version of this product.');
    expect(within(line).getByRole('link', { name: 'Choose on the product page' })).toHaveAttribute(
      'href',
      `/product/${desk._id}`,
    );
  });
});
