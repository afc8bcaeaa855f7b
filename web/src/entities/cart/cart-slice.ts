import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { cartTotals, STORAGE_KEYS, unitPrice, type Product, type ProductVariant } from '@shop/common';
import { readJson } from '../../lib/storage';
import { hasVariants, productAs } from '../../lib/variant-choice';

export interface CartItem {
  /** product _id + '-' + colour, or product _id + '-v' + variant _id. */
  key: string;
  /** As the line's variant sells it (its price, stock and photo) when there is one. */
  product: Product;
  /** The size, fabric… chosen, as the catalogue last read it. */
  variant?: ProductVariant;
  quantity: number;
  selectedColor: string;
  /** Set by the last refresh: the product is gone, paused or deleted. */
  unavailable?: boolean;
  /** Set by a refresh that found a new price: the unit price the shopper saw before. */
  previousUnitPrice?: number;
  /** The order was refused over this line's variant (a choice missing or no longer sold). */
  problem?: 'VARIANT_REQUIRED' | 'VARIANT_UNAVAILABLE';
}

export interface CartState {
  items: CartItem[];
  total: number;
}

export const MIN_QUANTITY = 1;

export const cartKey = (productId: string, color: string, variantId?: string) =>
  variantId ? `${productId}-v${variantId}` : `${productId}-${color}`;

/** Which line an action means: a product's colour, or its variant. */
interface LineRef {
  productId: string;
  color: string;
  variantId?: string;
}
const refKey = (line: LineRef) => cartKey(line.productId, line.color, line.variantId);

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
    key: cartKey(item.product._id, item.selectedColor, item.variant?._id),
    quantity: Math.max(MIN_QUANTITY, Math.floor(item.quantity)),
  }));
  return withTotal(items);
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: loadCartState,
  reducers: {
    addItem(
      state,
      action: PayloadAction<{
        product: Product;
        quantity: number;
        selectedColor: string;
        variant?: ProductVariant;
      }>,
    ) {
      const { product, selectedColor, variant } = action.payload;
      const quantity = Math.max(MIN_QUANTITY, Math.floor(action.payload.quantity));
      const key = cartKey(product._id, selectedColor, variant?._id);
      // Choosing a variant answers the product's line that the server refused for naming none.
      if (variant)
        state.items = state.items.filter(
          (item) => item.product._id !== product._id || item.problem !== 'VARIANT_REQUIRED',
        );
      const existing = state.items.find((item) => item.key === key);
      if (existing) {
        existing.quantity += quantity;
        existing.product = product;
        existing.unavailable = false;
        delete existing.previousUnitPrice;
        delete existing.problem;
      } else {
        state.items.push({ key, product, quantity, selectedColor, ...(variant && { variant }) });
      }
      state.total = cartTotals(orderableLines(state.items)).total;
    },
    removeItem(state, action: PayloadAction<LineRef>) {
      const key = refKey(action.payload);
      state.items = state.items.filter((item) => item.key !== key);
      state.total = cartTotals(orderableLines(state.items)).total;
    },
    setQuantity(state, action: PayloadAction<LineRef & { quantity: number }>) {
      const key = refKey(action.payload);
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
     * product (or a line's variant) missing from it is no longer available; a new price is kept
     * with the old one shown.
     */
    refreshProducts(state, action: PayloadAction<{ requested: string[]; products: Product[] }>) {
      const fresh = new Map(action.payload.products.map((product) => [product._id, product]));
      const requested = new Set(action.payload.requested);
      for (const item of state.items) {
        if (!requested.has(item.product._id)) continue;
        const found = fresh.get(item.product._id);
        const variant = item.variant && found?.variants.find((known) => known._id === item.variant!._id);
        // A variant hidden or gone, or a product that now asks for a variant the line lacks.
        const lost = item.variant ? variant?.status !== 'active' : !!found && hasVariants(found);
        if (!found || lost) {
          item.unavailable = true;
          continue;
        }
        const product = variant ? productAs(found, variant) : found;
        const before = item.previousUnitPrice ?? unitPrice(item.product);
        item.product = product;
        if (variant) item.variant = variant;
        item.unavailable = false;
        if (unitPrice(product) === before) delete item.previousUnitPrice;
        else item.previousUnitPrice = before;
      }
      state.total = cartTotals(orderableLines(state.items)).total;
    },
    flagLine(state, action: PayloadAction<{ key: string; problem: NonNullable<CartItem['problem']> }>) {
      const item = state.items.find((line) => line.key === action.payload.key);
      if (item) item.problem = action.payload.problem;
    },
    clearCart() {
      return emptyCart();
    },
  },
});

export const { addItem, removeItem, setQuantity, refreshProducts, flagLine, clearCart } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

type WithCart = { cart: CartState };
export const selectCartItems = (state: WithCart) => state.cart.items;
/** The badge counts lines, not pieces. */
export const selectCartLineCount = (state: WithCart) => state.cart.items.length;
