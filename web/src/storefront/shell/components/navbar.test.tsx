import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navbar } from './navbar';
import { addItem } from '../../../entities/cart/cart-slice';
import { renderWithProviders } from '../../../testing/render';
import { makeProduct, makeUser } from '../../../testing/factories';

const signedIn = (role: 'customer' | 'admin' | 'manager' | 'ceo') => ({
  preloadedState: {
    auth: { token: 't', user: makeUser({ role, fullName: 'Aziz Karimov' }), isAuthenticated: true },
  },
});

describe('Navbar', () => {
  it('counts cart lines, not pieces, on the badge', async () => {
    const { store } = await renderWithProviders(<Navbar />);
    const product = makeProduct();
    act(() => {
      store.dispatch(addItem({ product, quantity: 5, selectedColor: 'oq' }));
      store.dispatch(addItem({ product, quantity: 1, selectedColor: 'qora' }));
    });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute('href', '/cart');
  });

  it('offers login and signup to guests', async () => {
    await renderWithProviders(<Navbar />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Admin panel' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'manager', 'ceo'] as const)(
    'shows the admin link to %s in the desktop and the mobile menu',
    async (role) => {
      await renderWithProviders(<Navbar />, signedIn(role));
      const user = userEvent.setup();
      // The signed-in menu and the phone menu are their own chunks, loaded when needed.
      await user.click(await screen.findByRole('button', { name: /Aziz Karimov/ }));
      expect(screen.getByRole('link', { name: 'Admin panel' })).toHaveAttribute('href', '/admin');
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const mobile = await screen.findByRole('navigation', { name: 'Mobile navigation' });
      expect(within(mobile).getByRole('link', { name: 'Admin panel' })).toBeInTheDocument();
    },
  );

  it('hides the admin link from customers everywhere and signs out', async () => {
    const { store } = await renderWithProviders(<Navbar />, signedIn('customer'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Aziz Karimov/ }));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('navigation', { name: 'Mobile navigation' });
    expect(screen.queryByRole('link', { name: 'Admin panel' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /Sign out/ })[0]!);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('switches the language and remembers it', async () => {
    await renderWithProviders(<Navbar />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getAllByLabelText('Language')[0]!, 'ru');
    expect(await screen.findByRole('link', { name: 'Товары' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });
});
