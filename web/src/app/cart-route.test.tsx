import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CartRoute from './cart-route';
import { addItem } from '../entities/cart/cart-slice';
import { jsonResponse, mockFetch, renderWithProviders } from '../testing/render';
import { makeProduct } from '../testing/factories';

describe('CartRoute', () => {
  it('opens the checkout feature from the cart', async () => {
    const desk = makeProduct({ _id: 'aaaaaaaaaaaaaaaaaaaaaa01', name: 'Parta', price: 400_000, stock: 10 });
    mockFetch((url) =>
      url.pathname === '/api/products'
        ? jsonResponse({ docs: [desk], totalDocs: 1, totalPages: 1, page: 1, limit: 1 })
        : jsonResponse({ methods: ['cash'] }),
    );
    const view = await renderWithProviders(<CartRoute />, { route: '/cart' });
    act(() => {
      view.store.dispatch(addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
  });
});
