import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { cartTotals, STORAGE_KEYS, unitPrice, type Product } from '@shop/common';
import { readJson } from '../../lib/storage';

export interface CartItem {
  /** product _id + '-' + colour. */
  key: string;
  product: Product;
  quantity: number;
  selectedColor: string;
  /** Set by the last refresh: the product is gone, paused or deleted. */
  unavailable?: boolean;
  /** Set by a refresh that found a new price: the unit price the shopper saw before. */
  previousUnitPrice?: number;
}

export interface CartState {
  items: CartItem[];
  total: number;
}

export const MIN_QUANTITY = 1;

export const cartKey = (productId: string, color: string) => `${productId}-${color}`;

const emptyCart = (): CartState => ({ items: [], total: 0 });

/** The lines that can still be ordered: what the totals count. */
export const orderableLines = (items: readonly CartItem[]) => items.filter((item) => !item.unavailable);

function withTotal(items: CartItem[]): CartState {
  return { items, total: cartTotals(orderableLines(items)).total };
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
        existing.unavailable = false;
        delete existing.previousUnitPrice;
      } else {
        state.items.push({ key, product, quantity, selectedColor });
      }
      state.total = cartTotals(orderableLines(state.items)).total;
    },
    removeItem(state, action: PayloadAction<{ productId: string; color: string }>) {
      const key = cartKey(action.payload.productId, action.payload.color);
      state.items = state.items.filter((item) => item.key !== key);
      state.total = cartTotals(orderableLines(state.items)).total;
    },
    setQuantity(state, action: PayloadAction<{ productId: string; color: string; quantity: number }>) {
      const key = cartKey(action.payload.productId, action.payload.color);
      const item = state.items.find((line) => line.key === key);
      if (!item) return;
      const quantity = Number.isFinite(action.payload.quantity)
        ? Math.floor(action.payload.quantity)
        : MIN_QUANTITY;
      item.quantity = Math.max(MIN_QUANTITY, quantity);
      state.total = cartTotals(orderableLines(state.items)).total;
    },
    /**
     * The catalogue's current copy of the cart's products (one GET /api/products?ids= call): a
     * product missing from it is no longer available; a new price is kept with the old one shown.
     */
    refreshProducts(state, action: PayloadAction<{ requested: string[]; products: Product[] }>) {
      const fresh = new Map(action.payload.products.map((product) => [product._id, product]));
      const requested = new Set(action.payload.requested);
      for (const item of state.items) {
        if (!requested.has(item.product._id)) continue;
        const product = fresh.get(item.product._id);
        if (!product) {
          item.unavailable = true;
          continue;
        }
        const before = item.previousUnitPrice ?? unitPrice(item.product);
        item.product = product;
        item.unavailable = false;
        if (unitPrice(product) === before) delete item.previousUnitPrice;
        else item.previousUnitPrice = before;
      }
      state.total = cartTotals(orderableLines(state.items)).total;
    },
    clearCart() {
      return emptyCart();
    },
  },
});

export const { addItem, removeItem, setQuantity, refreshProducts, clearCart } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

type WithCart = { cart: CartState };
export const selectCartItems = (state: WithCart) => state.cart.items;
/** The badge counts lines, not pieces. */
export const selectCartLineCount = (state: WithCart) => state.cart.items.length;
