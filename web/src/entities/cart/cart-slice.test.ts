import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shop/common';
import {
  addItem,
  cartReducer,
  clearCart,
  loadCartState,
  removeItem,
  selectCartLineCount,
  flagLine,
  setQuantity,
  type CartState,
} from './cart-slice';
import { makeStore } from '../../testing/store';
import { makeProduct, makeVariantDesk } from '../../testing/factories';

const empty: CartState = { items: [], total: 0 };
const desk = makeProduct({ _id: 'desk00000000000000000001', price: 100_000 });
const chair = makeProduct({
  _id: 'chair0000000000000000001',
  price: 200_000,
  isDiscounted: true,
  discounts: { type: 'percentage', value: 25, startDate: null, endDate: null },
});

describe('cart reducer', () => {
  it('merges the same product and colour into one line', () => {
    let state = cartReducer(empty, addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
    state = cartReducer(state, addItem({ product: desk, quantity: 2, selectedColor: 'oq' }));
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ key: `${desk._id}-oq`, quantity: 3 });
    expect(state.total).toBe(300_000);
  });

  it('drops a line refused for naming no variant once the shopper picks one of that product', () => {
    const variantDesk = makeVariantDesk();
    let state = cartReducer(empty, addItem({ product: variantDesk, quantity: 2, selectedColor: 'Eman' }));
    state = cartReducer(state, addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
    const refused = state.items[0]!.key;
    state = cartReducer(state, flagLine({ key: refused, problem: 'VARIANT_REQUIRED' }));
    const variant = variantDesk.variants[0]!;
    state = cartReducer(
      state,
      addItem({ product: variantDesk, quantity: 2, selectedColor: 'Eman', variant }),
    );
    expect(state.items.map((item) => item.variant?.sku ?? item.product._id)).toEqual([desk._id, variant.sku]);
  });

  it('keeps another colour of the same product on its own line', () => {
    let state = cartReducer(empty, addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
    state = cartReducer(state, addItem({ product: desk, quantity: 1, selectedColor: 'qora' }));
    expect(state.items.map((item) => item.key)).toEqual([`${desk._id}-oq`, `${desk._id}-qora`]);
    expect(selectCartLineCount({ cart: state })).toBe(2);
  });

  it('totals with the running discount', () => {
    let state = cartReducer(empty, addItem({ product: chair, quantity: 2, selectedColor: 'qora' }));
    state = cartReducer(state, addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
    expect(state.total).toBe(2 * 150_000 + 100_000);
  });

  it('removes a line by product and colour only', () => {
    let state = cartReducer(empty, addItem({ product: desk, quantity: 1, selectedColor: 'oq' }));
    state = cartReducer(state, addItem({ product: desk, quantity: 1, selectedColor: 'qora' }));
    state = cartReducer(state, removeItem({ productId: desk._id, color: 'oq' }));
    expect(state.items.map((item) => item.selectedColor)).toEqual(['qora']);
    expect(state.total).toBe(100_000);
  });

  it('never lets a quantity drop below 1', () => {
    let state = cartReducer(empty, addItem({ product: desk, quantity: 3, selectedColor: 'oq' }));
    state = cartReducer(state, setQuantity({ productId: desk._id, color: 'oq', quantity: 0 }));
    expect(state.items[0]!.quantity).toBe(1);
    state = cartReducer(state, setQuantity({ productId: desk._id, color: 'oq', quantity: Number.NaN }));
    expect(state.items[0]!.quantity).toBe(1);
    state = cartReducer(state, setQuantity({ productId: desk._id, color: 'oq', quantity: 5 }));
    expect(state.items[0]!.quantity).toBe(5);
    expect(state.total).toBe(500_000);
    const added = cartReducer(empty, addItem({ product: desk, quantity: -4, selectedColor: 'oq' }));
    expect(added.items[0]!.quantity).toBe(1);
  });

  it('clears to an empty cart with total 0', () => {
    const state = cartReducer(
      cartReducer(empty, addItem({ product: desk, quantity: 1, selectedColor: 'oq' })),
      clearCart(),
    );
    expect(state).toEqual(empty);
  });
});

describe('cart persistence', () => {
  it('saves under cartState and restores on load', () => {
    const store = makeStore();
    store.dispatch(addItem({ product: chair, quantity: 2, selectedColor: 'qora' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!).items).toHaveLength(1);
    const restored = loadCartState();
    expect(restored.items[0]).toMatchObject({ key: `${chair._id}-qora`, quantity: 2 });
    expect(restored.total).toBe(300_000);
  });

  it('ignores a corrupt or foreign saved cart', () => {
    localStorage.setItem(STORAGE_KEYS.cart, '{not json');
    expect(loadCartState()).toEqual(empty);
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ items: [{ nope: true }, 'x'] }));
    expect(loadCartState()).toEqual(empty);
  });
});
