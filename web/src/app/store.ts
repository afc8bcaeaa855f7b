import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '@shop/common';
import { baseApi } from '../lib/api';
import { writeStorage } from '../lib/storage';
import { authReducer, type AuthState } from '../features/auth/auth-slice';
import { cartReducer, type CartState } from '../features/cart/cart-slice';

const rootReducer = combineReducers({
  auth: authReducer,
  cart: cartReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const created = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  persist(created);
  return created;
}

/** Saves the session and the cart whenever they change (keys of spec §9). */
function persist(target: { getState: () => RootState; subscribe: (listener: () => void) => unknown }) {
  // Start from the loaded state: only real changes are written, never a stale copy over storage.
  let lastAuth: AuthState = target.getState().auth;
  let lastCart: CartState = target.getState().cart;
  target.subscribe(() => {
    const { auth, cart } = target.getState();
    if (auth !== lastAuth) {
      lastAuth = auth;
      writeStorage(STORAGE_KEYS.token, auth.token);
      writeStorage(STORAGE_KEYS.user, auth.user ? JSON.stringify(auth.user) : null);
    }
    if (cart !== lastCart) {
      lastCart = cart;
      writeStorage(STORAGE_KEYS.cart, JSON.stringify(cart));
    }
  });
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
