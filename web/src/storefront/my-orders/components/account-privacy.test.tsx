import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@shop/common';
import AccountPrivacy from './account-privacy';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeUser } from '../../../testing/factories';

const phone = '+998935551122';
const customer = makeUser({ role: 'customer', fullName: 'Malika Yusupova', phoneNumber: phone });
const signedIn = { auth: { token: 'token', user: customer, isAuthenticated: true } };

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

describe('AccountPrivacy: download my data', () => {
  const saved: { href: string; download: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    URL.createObjectURL = vi.fn(() => 'blob:my-data');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("saves the server's JSON file under its name, asked for with the customer's token", async () => {
    const calls: Call[] = [];
    mockFetch((url, init) => {
      calls.push({
        method: init.method,
        path: url.pathname,
        body: init.body,
        authorization: init.headers.get('authorization'),
      });
      return new Response(JSON.stringify({ account: { fullName: 'Malika Yusupova' } }), {
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition': 'attachment; filename="my-data.json"',
        },
      });
    });
    await renderWithProviders(<AccountPrivacy phoneNumber={phone} />, { preloadedState: signedIn });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:my-data', download: 'my-data.json' }]));
    expect(calls).toEqual([
      { method: 'GET', path: '/api/me/data', body: undefined, authorization: 'Bearer token' },
    ]);
  });

  it('says so, translated, when the server refuses, and saves nothing', async () => {
    mockFetch(() => jsonResponse({ message: 'Forbidden', code: 'FORBIDDEN' }, 403));
    await renderWithProviders(<AccountPrivacy phoneNumber={phone} />, {
      preloadedState: signedIn,
      language: 'ru',
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Скачать мои данные' }));
    expect(await screen.findByText('У вас нет прав на это действие.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('AccountPrivacy: delete my account', () => {
  it('asks for the account code, says a wrong one, and with the right one deletes, signs out and goes home', async () => {
    localStorage.setItem(STORAGE_KEYS.portfolioPhone, phone);
    const calls: Call[] = [];
    mockFetch((url, init) => {
      calls.push({
        method: init.method,
        path: url.pathname,
        body: init.body,
        authorization: init.headers.get('authorization'),
      });
      if (url.pathname === '/api/auth/codes') return jsonResponse({ expiresIn: 300, retryAfter: 60 }, 202);
      if ((init.body as { code: string }).code === '111111')
        return jsonResponse({ message: 'Wrong code', code: 'PHONE_CODE_INVALID' }, 400);
      return new Response(null, { status: 204 });
    });
    const { store } = await renderWithProviders(<AccountPrivacy phoneNumber={phone} />, {
      route: '/portfolio',
      preloadedState: signedIn,
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    expect(dialog).toHaveTextContent('Your orders stay for accounting');
    await user.click(within(dialog).getByRole('button', { name: `Send a code to ${phone}` }));
    const codeField = await within(dialog).findByLabelText('Code from the SMS');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/auth/codes',
        body: { phoneNumber: phone, purpose: 'account' },
        authorization: 'Bearer token',
      },
    ]);

    await user.type(codeField, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(
      await within(dialog).findByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(true);

    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/me',
      body: { code: '123456' },
      authorization: 'Bearer token',
    });
    expect(
      await screen.findByText('Your account has been deleted and you are signed out.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem(STORAGE_KEYS.portfolioPhone)).toBeNull();
  });

  it('asks for the whole code before asking the server', async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url.pathname);
      return jsonResponse({ expiresIn: 300, retryAfter: 60 }, 202);
    });
    await renderWithProviders(<AccountPrivacy phoneNumber={phone} />, { preloadedState: signedIn });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: `Send a code to ${phone}` }));
    await user.type(await screen.findByLabelText('Code from the SMS'), '123');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(screen.getByText('Enter the 6-digit code from the SMS')).toBeInTheDocument();
    expect(calls).toEqual(['/api/auth/codes']);
  });
});
