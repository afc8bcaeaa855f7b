import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { cartTotals, STORAGE_KEYS, type Product } from '@shop/common';
import { readJson } from '../../lib/storage';

export interface CartItem {
  /** product _id + '-' + colour (spec §3). */
  key: string;
  product: Product;
  quantity: number;
  selectedColor: string;
}

export interface CartState {
  items: CartItem[];
  total: number;
}

export const MIN_QUANTITY = 1;

export const cartKey = (productId: string, color: string) => `${productId}-${color}`;

const emptyCart = (): CartState => ({ items: [], total: 0 });

function withTotal(items: CartItem[]): CartState {
  return { items, total: cartTotals(items).total };
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Partial<CartItem>;
  return (
    typeof item.selectedColor === 'string' &&
    typeof item.quantity === 'number' &&
    !!item.product &&
    typeof item.product._id === 'string' &&
    typeof item.product.price === 'number'
  );
}

/** Restores the cart saved under `cartState`; anything unreadable gives an empty cart. */
export function loadCartState(): CartState {
  const saved = readJson<{ items?: unknown }>(STORAGE_KEYS.cart);
  if (!saved || !Array.isArray(saved.items)) return emptyCart();
  const items = saved.items.filter(isCartItem).map((item) => ({
    ...item,
    key: cartKey(item.product._id, item.selectedColor),
    quantity: Math.max(MIN_QUANTITY, Math.floor(item.quantity)),
  }));
  return withTotal(items);
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: loadCartState,
  reducers: {
    addItem(state, action: PayloadAction<{ product: Product; quantity: number; selectedColor: string }>) {
      const { product, selectedColor } = action.payload;
      const quantity = Math.max(MIN_QUANTITY, Math.floor(action.payload.quantity));
      const key = cartKey(product._id, selectedColor);
      const existing = state.items.find((item) => item.key === key);
      if (existing) {
        existing.quantity += quantity;
        existing.product = product;
      } else {
        state.items.push({ key, product, quantity, selectedColor });
      }
      state.total = cartTotals(state.items).total;
    },
    removeItem(state, action: PayloadAction<{ productId: string; color: string }>) {
      const key = cartKey(action.payload.productId, action.payload.color);
      state.items = state.items.filter((item) => item.key !== key);
      state.total = cartTotals(state.items).total;
    },
    setQuantity(state, action: PayloadAction<{ productId: string; color: string; quantity: number }>) {
      const key = cartKey(action.payload.productId, action.payload.color);
      const item = state.items.find((line) => line.key === key);
      if (!item) return;
      const quantity = Number.isFinite(action.payload.quantity)
        ? Math.floor(action.payload.quantity)
        : MIN_QUANTITY;
      item.quantity = Math.max(MIN_QUANTITY, quantity);
      state.total = cartTotals(state.items).total;
    },
    clearCart() {
      return emptyCart();
    },
  },
});

export const { addItem, removeItem, setQuantity, clearCart } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

type WithCart = { cart: CartState };
export const selectCartItems = (state: WithCart) => state.cart.items;
/** The badge counts lines, not pieces (spec §4). */
export const selectCartLineCount = (state: WithCart) => state.cart.items.length;
