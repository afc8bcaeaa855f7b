import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STAFF_ROLES, STORAGE_KEYS, type SessionUser } from '@shop/common';
import { sessionExpired } from '../../lib/api';
import { readJson, readStorage } from '../../lib/storage';

/** The signed-in account, kept in the store under `auth`. */
export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
}

const signedOut = (): AuthState => ({ token: null, user: null, isAuthenticated: false });

/** Signed in on load only when both the token and the user are stored. */
export function loadAuthState(): AuthState {
  const token = readStorage(STORAGE_KEYS.token);
  const user = readJson<SessionUser>(STORAGE_KEYS.user);
  if (token && user && typeof user === 'object' && typeof user.role === 'string') {
    return { token, user, isAuthenticated: true };
  }
  return signedOut();
}

const sessionSlice = createSlice({
  name: 'auth',
  initialState: loadAuthState,
  reducers: {
    setCredentials(_state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      return { token: action.payload.token, user: action.payload.user, isAuthenticated: true };
    },
    logout: signedOut,
  },
  // The api client signs out on a refused token without knowing this slice.
  extraReducers: (builder) => builder.addCase(sessionExpired, signedOut),
});

export const { setCredentials, logout } = sessionSlice.actions;
export const authReducer = sessionSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectToken = (state: WithAuth) => state.auth.token;
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectIsAuthenticated = (state: WithAuth) => state.auth.isAuthenticated;
export const selectIsStaff = (state: WithAuth) =>
  state.auth.isAuthenticated &&
  !!state.auth.user &&
  (STAFF_ROLES as readonly string[]).includes(state.auth.user.role);
