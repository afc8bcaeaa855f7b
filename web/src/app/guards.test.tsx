import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { STAFF_ROLES } from '@shop/common';
import { RedirectIfAuthenticated, RequireRole } from './guards';
import { renderWithProviders } from '../testing/render';
import { makeUser } from '../testing/factories';
import { loadAuthState } from '../entities/session/session-slice';

const as = (role: 'customer' | 'admin') => ({
  preloadedState: { auth: { token: 't', user: makeUser({ role }), isAuthenticated: true } },
});

describe('route guards', () => {
  it('sends a guest to /login', async () => {
    await renderWithProviders(<RequireRole roles={STAFF_ROLES}>secret</RequireRole>, {
      route: '/admin',
      path: '/admin',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });
  it('sends a signed-in user without the role to /', async () => {
    await renderWithProviders(<RequireRole roles={STAFF_ROLES}>secret</RequireRole>, {
      route: '/admin',
      path: '/admin',
      ...as('customer'),
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
  it('lets staff in, and any signed-in user when no roles are given', async () => {
    const admin = await renderWithProviders(<RequireRole roles={STAFF_ROLES}>secret</RequireRole>, {
      route: '/admin',
      path: '/admin',
      ...as('admin'),
    });
    expect(screen.getByText('secret')).toBeInTheDocument();
    admin.unmount();
    await renderWithProviders(<RequireRole>confirmation</RequireRole>, {
      route: '/c',
      path: '/c',
      ...as('customer'),
    });
    expect(screen.getByText('confirmation')).toBeInTheDocument();
  });
  it('sends a signed-in user away from /login', async () => {
    await renderWithProviders(<RedirectIfAuthenticated>form</RedirectIfAuthenticated>, {
      route: '/login',
      path: '/login',
      ...as('customer'),
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
  it('is signed in on load only when both the token and the user are stored', () => {
    localStorage.setItem('token', 't');
    expect(loadAuthState().isAuthenticated).toBe(false);
    localStorage.setItem('user', JSON.stringify(makeUser()));
    expect(loadAuthState()).toMatchObject({ isAuthenticated: true, token: 't' });
    localStorage.removeItem('token');
    expect(loadAuthState().isAuthenticated).toBe(false);
  });
});
