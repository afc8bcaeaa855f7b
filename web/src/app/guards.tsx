import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from './hooks';
import { selectCurrentUser, selectIsAuthenticated } from '../features/auth/auth-slice';

/** Unauthenticated → /login, authenticated with a role not allowed → / (spec §6). */
export function RequireRole({ roles, children }: { roles?: readonly string[]; children: ReactNode }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (!isAuthenticated || !user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (roles && !roles.includes(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * /login and /signup send a signed-in user to / (spec §2). Only a user who arrives signed in is
 * sent away: signing in on the page itself leaves the redirect (staff → /admin) to the page.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [arrivedSignedIn] = useState(isAuthenticated);
  if (arrivedSignedIn && isAuthenticated) return <Navigate to="/" replace />;
  return <>{children}</>;
}
