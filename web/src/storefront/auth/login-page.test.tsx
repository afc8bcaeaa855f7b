import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './login-page';
import SignupPage from './signup-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeUser } from '../../testing/factories';

describe('LoginPage', () => {
  it('checks the phone format and the password before calling the server', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    await renderWithProviders(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Phone number'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '90123456');
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('Please enter a valid phone number in format +998XXXXXXXXX'),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a failed login in the banner, translated by code, without signing anyone out', async () => {
    mockFetch(() => jsonResponse({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }, 401));
    const { store } = await renderWithProviders(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Wrong phone number or password.');
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
    // The error banner clears when the user types.
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('stores the session and sends staff to /admin', async () => {
    const staff = makeUser({ role: 'manager' });
    mockFetch(() => jsonResponse({ token: 'jwt-token', user: staff }));
    const { store } = await renderWithProviders(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(store.getState().auth).toMatchObject({ token: 'jwt-token', isAuthenticated: true });
    expect(localStorage.getItem('token')).toBe('jwt-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ role: 'manager' });
  });

  it('asks for the second-factor code when the server wants it, and sends it with the password', async () => {
    const bodies: unknown[] = [];
    mockFetch((_url, init) => {
      const body = init.body as { code?: string };
      bodies.push(body);
      return body.code === '123456'
        ? jsonResponse({ token: 'jwt-token', user: makeUser({ role: 'admin' }) })
        : jsonResponse({ message: 'Enter the code', code: 'SECOND_FACTOR_REQUIRED' }, 401);
    });
    await renderWithProviders(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.type(screen.getByLabelText('Password'), 'walnut-shelf-bracket');
    expect(screen.queryByLabelText(/Sign-in code/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app, or a recovery code.',
    );
    await user.type(screen.getByLabelText(/Sign-in code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(bodies).toEqual([
      { phoneNumber: '+998901234567', password: 'walnut-shelf-bracket' },
      { phoneNumber: '+998901234567', password: 'walnut-shelf-bracket', code: '123456' },
    ]);
  });

  it('sends a customer to /', async () => {
    mockFetch(() => jsonResponse({ token: 'jwt-token', user: makeUser({ role: 'customer' }) }));
    await renderWithProviders(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('SignupPage', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  };

  it('applies every signup rule', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    await renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(
      await screen.findByText('Please enter a valid phone number in format +998XXXXXXXXX'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await fill(user, {
      'Full name': 'Aziz',
      'Phone number': '+998901234567',
      Password: '12345',
      'Confirm password': '12346',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    // Only the privacy text its notice shows was asked for: no sign-up went out.
    const asked = fetch.mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : String(input)),
    );
    expect(asked.map((url) => url.pathname)).toEqual(['/api/privacy']);
  });

  it('signs up, translates a taken phone, and goes to /login on success', async () => {
    let taken = true;
    mockFetch(() =>
      taken
        ? jsonResponse({ message: 'Phone taken', code: 'PHONE_TAKEN' }, 409)
        : jsonResponse({ token: 't', user: makeUser() }, 201),
    );
    const { store } = await renderWithProviders(<SignupPage />, { route: '/signup', language: 'uz' });
    const user = userEvent.setup();
    await fill(user, {
      'Toʻliq ism': 'Aziz',
      'Telefon raqami': '+998901234567',
      Parol: 'secret1',
      'Parolni tasdiqlang': 'secret1',
    });
    await user.click(screen.getByRole('button', { name: 'Roʻyxatdan oʻtish' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Bu telefon raqami bilan hisob allaqachon mavjud.',
    );
    taken = false;
    await user.click(screen.getByRole('button', { name: 'Roʻyxatdan oʻtish' }));
    // Sign-up signs the new customer in (no second form to fill) and goes home (decision 016).
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('returns a shopper who came from checkout to the cart, signed in', async () => {
    const fetch = mockFetch(() => jsonResponse({ token: 't', user: makeUser({ role: 'customer' }) }, 201));
    const { store } = await renderWithProviders(<SignupPage />, { route: '/signup?next=%2Fcart' });
    const user = userEvent.setup();
    // The way to the login form keeps the way back too.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fcart');
    await fill(user, {
      'Full name': 'Aziz',
      'Phone number': '+998901234567',
      Password: 'secret1',
      'Confirm password': 'secret1',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: 't' });
    expect(
      fetch.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes('/api/auth/login'),
      ),
    ).toHaveLength(0);
  });

  it('never follows a next address off the site', async () => {
    mockFetch(() => jsonResponse({ token: 't', user: makeUser({ role: 'customer' }) }));
    await renderWithProviders(<LoginPage />, { route: '/login?next=%2F%2Fevil.example' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('takes the phone written as people write it, with spaces and the country code', async () => {
    const fetch = mockFetch(() =>
      jsonResponse({ message: 'A code is needed', code: 'PHONE_CODE_INVALID' }, 400),
    );
    await renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = userEvent.setup();
    await fill(user, {
      'Full name': 'Nodira',
      'Phone number': '+998 93 555 44 33',
      Password: 'secret123',
      'Confirm password': 'secret123',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(
      screen.queryByText('Please enter a valid phone number in format +998XXXXXXXXX'),
    ).not.toBeInTheDocument();
  });
});
