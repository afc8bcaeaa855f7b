import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ID_PATTERN, WISHLIST_MAX_ITEMS, type SessionUser } from '@shop/common';
import { readJson } from '../../lib/storage';

/**
 * localStorage key of a guest's saved products: an array of product ids, oldest first (decision 014).
 * Its stored name stays `wishlist`, so lists saved before the code said "saved" are still read.
 */
export const GUEST_SAVED_KEY = 'wishlist';

/** Customers keep saved products on their account; guests and staff in the browser (decision 014). */
export const keepsSavedOnServer = (user: SessionUser | null | undefined): boolean =>
  user?.role === 'customer';

export interface GuestSavedState {
  /** Oldest first, so the array is what the merge at sign-in takes as it is. */
  productIds: string[];
}

/** Reads the stored list, dropping anything that is not a product id; the latest saves are kept. */
export function loadGuestSaved(): GuestSavedState {
  const stored = readJson<unknown>(GUEST_SAVED_KEY);
  const ids = Array.isArray(stored)
    ? stored.filter((id): id is string => typeof id === 'string' && ID_PATTERN.test(id))
    : [];
  // A product listed twice counts once, at its latest save.
  const latestFirst = [...new Set([...ids].reverse())];
  return { productIds: latestFirst.reverse().slice(-WISHLIST_MAX_ITEMS) };
}

/**
 * The saved products of a guest (and of a staff member, whose account keeps none: decision 014),
 * kept in the browser. A signed-in customer's list lives on the server instead.
 */
const guestSavedSlice = createSlice({
  name: 'guestSaved',
  initialState: loadGuestSaved,
  reducers: {
    guestSaved(state, action: PayloadAction<string>) {
      const ids = state.productIds.filter((id) => id !== action.payload);
      ids.push(action.payload);
      state.productIds = ids.slice(-WISHLIST_MAX_ITEMS);
    },
    /** Unsaved by the shopper, or gone from the shop (the product answers 404). */
    guestRemoved(state, action: PayloadAction<string>) {
      state.productIds = state.productIds.filter((id) => id !== action.payload);
    },
    /** After the list was merged into the account: the account holds it from now on. */
    guestMerged(state, action: PayloadAction<string[]>) {
      const merged = new Set(action.payload);
      state.productIds = state.productIds.filter((id) => !merged.has(id));
    },
  },
});

export const { guestSaved, guestRemoved, guestMerged } = guestSavedSlice.actions;
export const guestSavedReducer = guestSavedSlice.reducer;
export const selectGuestSaved = (state: { guestSaved: GuestSavedState }) => state.guestSaved.productIds;
