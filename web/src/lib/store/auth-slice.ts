import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STAFF_ROLES, STORAGE_KEYS, type SessionUser } from '@shop/common';
import { readJson, readStorage } from '../storage';

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
}

/** Signed in on load only when both the token and the user are stored. */
export function loadAuthState(): AuthState {
  const token = readStorage(STORAGE_KEYS.token);
  const user = readJson<SessionUser>(STORAGE_KEYS.user);
  if (token && user && typeof user === 'object' && typeof user.role === 'string') {
    return { token, user, isAuthenticated: true };
  }
  return { token: null, user: null, isAuthenticated: false };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: loadAuthState,
  reducers: {
    setCredentials(_state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      return { token: action.payload.token, user: action.payload.user, isAuthenticated: true };
    },
    logout() {
      return { token: null, user: null, isAuthenticated: false };
    },
  },
});

export const { setCredentials, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectToken = (state: WithAuth) => state.auth.token;
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectIsAuthenticated = (state: WithAuth) => state.auth.isAuthenticated;
export const selectIsStaff = (state: WithAuth) =>
  state.auth.isAuthenticated &&
  !!state.auth.user &&
  (STAFF_ROLES as readonly string[]).includes(state.auth.user.role);
