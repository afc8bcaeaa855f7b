import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSelector } from 'react-redux';
import { selectCurrentUser, selectIsAuthenticated } from '../entities/session/session-slice';
import { PageSpinner } from '../components/ui/spinner';
import { selectRestored } from '../lib/storage';

/**
 * Unauthenticated → /login, authenticated with a role not allowed → /. The server
 * cannot see the session (localStorage), so until the browser has restored it this waits.
 */
export function RequireRole({ roles, children }: { roles?: readonly string[]; children: ReactNode }) {
  const restored = useSelector(selectRestored);
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const user = useSelector(selectCurrentUser);
  const location = useLocation();
  if (!restored) return <PageSpinner />;
  if (!isAuthenticated || !user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (roles && !roles.includes(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * /login and /signup send a signed-in user to /. Only a user who arrives signed in is
 * sent away: signing in on the page itself leaves the redirect (staff → /admin) to the page.
 * "Arrives" is the first render after the session was restored; the form shows meanwhile.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const restored = useSelector(selectRestored);
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const [arrival, setArrival] = useState<boolean | null>(restored ? isAuthenticated : null);
  if (arrival === null && restored) setArrival(isAuthenticated);
  if (arrival && isAuthenticated) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** A page that shows the stored session or cart waits for them instead of flashing "empty". */
export function SessionGate({ children }: { children: ReactNode }) {
  const restored = useSelector(selectRestored);
  return restored ? <>{children}</> : <PageSpinner />;
}
