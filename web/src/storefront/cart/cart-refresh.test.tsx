import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CartPage from './cart-page';
import { addItem } from '../../entities/cart/cart-slice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeProduct } from '../../testing/factories';

const desk = makeProduct({ _id: 'aaaaaaaaaaaaaaaaaaaaaa01', name: 'Parta', price: 400_000, stock: 10 });
const shelf = makeProduct({ _id: 'aaaaaaaaaaaaaaaaaaaaaa02', name: 'Javon', price: 300_000, stock: 10 });
const stool = makeProduct({ _id: 'aaaaaaaaaaaaaaaaaaaaaa03', name: 'Stul', price: 100_000, stock: 10 });

const page = (docs: unknown[]) => ({
  docs,
  totalDocs: docs.length,
  totalPages: 1,
  page: 1,
  limit: docs.length,
});

/** The cart is refreshed from the catalogue in one call and shows what changed. */
describe('CartPage refresh', () => {
  it('asks once for every line, then shows the new price, the gone product and the stock left', async () => {
    const productCalls: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/products') {
        productCalls.push(url);
        // The desk costs more now, the shelf was paused (absent), one stool is left.
        return jsonResponse(
          page([
            { ...desk, price: 450_000 },
            { ...stool, stock: 1 },
          ]),
        );
      }
      return jsonResponse({ methods: ['cash'] });
    });
    const view = await renderWithProviders(<CartPage Checkout={() => null} />, { route: '/cart' });
    act(() => {
      view.store.dispatch(addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
      view.store.dispatch(addItem({ product: shelf, quantity: 1, selectedColor: 'oq' }));
      view.store.dispatch(addItem({ product: stool, quantity: 3, selectedColor: 'oq' }));
    });

    const deskLine = screen.getByTestId('cart-line-0');
    await waitFor(() => expect(deskLine).toHaveTextContent("New price (was 400 000 so'm)"));
    expect(productCalls).toHaveLength(1);
    expect(productCalls[0]!.searchParams.get('ids')!.split(',').sort()).toEqual(
      [desk._id, shelf._id, stool._id].sort(),
    );
    expect(within(deskLine).getAllByText("450 000 so'm").length).toBeGreaterThan(0);
    expect(screen.getByTestId('cart-line-1')).toHaveTextContent('No longer available');
    const stoolLine = screen.getByTestId('cart-line-2');
    expect(stoolLine).toHaveTextContent('Only 1 left');
    expect(within(stoolLine).getByRole('spinbutton')).toHaveAttribute('max', '1');
    // The total counts the orderable lines at today's prices; checkout waits for the fixes.
    expect(screen.getByTestId('cart-total')).toHaveTextContent("750 000 so'm");
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('cart-line-1')).getByRole('button', { name: /Javon/ }));
    await user.clear(within(screen.getByTestId('cart-line-1')).getByRole('spinbutton'));
    await user.type(within(screen.getByTestId('cart-line-1')).getByRole('spinbutton'), '1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeEnabled());
  });
});
