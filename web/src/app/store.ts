import { combineReducers, configureStore, createAction, createSlice, type Reducer } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '@shop/common';
import { baseApi } from '../lib/api';
import { writeStorage } from '../lib/storage';
import { authReducer, loadAuthState, type AuthState } from '../entities/session/session-slice';
import { cartReducer, loadCartState, type CartState } from '../entities/cart/cart-slice';
import {
  GUEST_SAVED_KEY,
  guestSavedReducer,
  loadGuestSaved,
  type GuestSavedState,
} from '../entities/saved/guest-saved-slice';
import { savedMergeMiddleware } from '../entities/saved/merge-at-sign-in';

/** What the browser keeps in localStorage: the server cannot read it. */
interface StoredState {
  auth: AuthState;
  cart: CartState;
  guestSaved: GuestSavedState;
}

/**
 * A server-rendered page starts without the stored session, cart and saved list, and the browser
 * restores them right after hydration, so both render the same first HTML. `restored`
 * (`selectRestored`) tells the route guards and the pages that read the session, the cart or the
 * remembered phone when they are known.
 */
export const restoredFromStorage = createAction<StoredState>('storage/restored');

const storageSlice = createSlice({
  name: 'storage',
  initialState: { restored: true },
  reducers: {},
  extraReducers: (builder) => builder.addCase(restoredFromStorage, () => ({ restored: true })),
});

const slices = combineReducers({
  auth: authReducer,
  cart: cartReducer,
  guestSaved: guestSavedReducer,
  storage: storageSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof slices>;

const rootReducer: Reducer<RootState> = (state, action) => {
  if (state && restoredFromStorage.match(action)) return slices({ ...state, ...action.payload }, action);
  return slices(state, action);
};

/** Without a preloaded session the store reads localStorage at once (tests, client-only use). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const created = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(savedMergeMiddleware).concat(baseApi.middleware),
  });
  persist(created);
  return created;
}

/** A store for a server-rendered page: no stored state until the browser restores it. */
export function makePageStore() {
  return makeStore({
    auth: { token: null, user: null, isAuthenticated: false },
    cart: { items: [], total: 0 },
    guestSaved: { productIds: [] },
    storage: { restored: false },
  });
}

/** Reads the session, the cart and the saved list from localStorage, after hydration. */
export function restoreFromStorage(target: AppStore) {
  target.dispatch(
    restoredFromStorage({ auth: loadAuthState(), cart: loadCartState(), guestSaved: loadGuestSaved() }),
  );
}

/** Saves the session, the cart and a guest's saved products whenever they change (under the STORAGE_KEYS of common). */
function persist(target: { getState: () => RootState; subscribe: (listener: () => void) => unknown }) {
  // Start from the loaded state: only real changes are written, never a stale copy over storage.
  let lastAuth: AuthState = target.getState().auth;
  let lastCart: CartState = target.getState().cart;
  let lastSaved: GuestSavedState = target.getState().guestSaved;
  target.subscribe(() => {
    const { auth, cart, guestSaved, storage } = target.getState();
    // Until restored, the empty state is not the shopper's: never write it over storage.
    if (!storage.restored) return;
    if (auth !== lastAuth) {
      lastAuth = auth;
      writeStorage(STORAGE_KEYS.token, auth.token);
      writeStorage(STORAGE_KEYS.user, auth.user ? JSON.stringify(auth.user) : null);
    }
    if (cart !== lastCart) {
      lastCart = cart;
      writeStorage(STORAGE_KEYS.cart, JSON.stringify(cart));
    }
    if (guestSaved !== lastSaved) {
      lastSaved = guestSaved;
      writeStorage(GUEST_SAVED_KEY, JSON.stringify(guestSaved.productIds));
    }
  });
}

export type AppStore = ReturnType<typeof makeStore>;
