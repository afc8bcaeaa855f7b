import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResetPasswordPage from './reset-password-page';
import SignupPage from './signup-page';
import LoginPage from './login-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeUser } from '../../testing/factories';

const sent = () => jsonResponse({ expiresIn: 300, retryAfter: 60 }, 202);

describe('sign-up with an SMS code', () => {
  it('asks for the code after the first try, counts down the resend, and signs up with it', async () => {
    const calls: { path: string; body: unknown }[] = [];
    mockFetch((url, { body }) => {
      calls.push({ path: url.pathname, body });
      if (url.pathname === '/api/auth/codes') return sent();
      const withCode = (body as { code?: string }).code;
      if (!withCode) return jsonResponse({ message: 'Code', code: 'PHONE_CODE_INVALID' }, 400);
      return jsonResponse({ token: 't', user: makeUser({ phoneVerified: true }) }, 201);
    });
    const { store } = await renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Jasur Aliyev');
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const codeField = await screen.findByLabelText('Code from the SMS');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/signUp', '/api/auth/codes']);
    expect(calls[1]!.body).toEqual({ phoneNumber: '+998901234567', purpose: 'signup' });
    expect(screen.getByRole('button', { name: /Send again in (59|60) s/ })).toBeDisabled();
    await user.type(codeField, '12a3456');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(calls.at(-1)!.body).toMatchObject({ phoneNumber: '+998901234567', code: '123456' });
  });

  it('shows how long to wait when the shop refuses another code (429)', async () => {
    mockFetch((url) =>
      url.pathname === '/api/auth/codes'
        ? new Response(JSON.stringify({ message: 'Wait', code: 'RATE_LIMITED' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '42' },
          })
        : jsonResponse({ message: 'Code', code: 'PHONE_CODE_INVALID' }, 400),
    );
    await renderWithProviders(<SignupPage />, { route: '/signup' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Jasur Aliyev');
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Too many codes asked for. Try again in 42 s.')).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    mockFetch(() => jsonResponse({}));
    await renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('sends a code to the phone, then sets the new password and signs in', async () => {
    const calls: { path: string; body: unknown }[] = [];
    mockFetch((url, { body }) => {
      calls.push({ path: url.pathname, body });
      if (url.pathname === '/api/auth/codes') return sent();
      if (url.pathname === '/api/auth/reset') return jsonResponse({ token: 't2', user: makeUser() });
      return jsonResponse({}, 404);
    });
    const { store } = await renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code from the SMS'), '654321');
    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-2');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(store.getState().auth.token).toBe('t2'));
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/codes', '/api/auth/reset']);
    expect(calls[1]!.body).toEqual({ phoneNumber: '+998901234567', code: '654321', password: 'brand-new-1' });
  });

  it('shows a wrong code in the banner, in the shopper’s words', async () => {
    mockFetch((url) =>
      url.pathname === '/api/auth/codes'
        ? sent()
        : jsonResponse({ message: 'x', code: 'PHONE_CODE_INVALID' }, 400),
    );
    await renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code from the SMS'), '111111');
    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'The code is wrong or has expired. Ask for a new one.',
    );
  });
});
