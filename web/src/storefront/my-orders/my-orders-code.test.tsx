import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MyOrdersPage from './my-orders-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeOrder, makeUser } from '../../testing/factories';

const order = makeOrder({ _id: '00000000000000000abc1234' });
const codeRequired = () => jsonResponse({ message: 'Code', code: 'PHONE_CODE_REQUIRED' }, 401);

describe('MyOrdersPage behind an SMS code', () => {
  it('asks for the code between the phone and the orders, and sends it with the lookup', async () => {
    const calls: { path: string; code: string | null; body: unknown }[] = [];
    mockFetch((url, { headers, body }) => {
      calls.push({ path: url.pathname, code: headers.get('x-phone-code'), body });
      if (url.pathname === '/api/auth/codes') return jsonResponse({ expiresIn: 300, retryAfter: 60 }, 202);
      return headers.get('x-phone-code') === '246810'
        ? jsonResponse({ success: true, data: [order] })
        : codeRequired();
    });
    const { store } = await renderWithProviders(<MyOrdersPage />, { route: '/portfolio' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '+998 90 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Find my orders' }));
    const field = await screen.findByLabelText('Code from the SMS');
    expect(calls[1]).toMatchObject({
      path: '/api/auth/codes',
      body: { phoneNumber: '+998901234567', purpose: 'orders' },
    });
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Show my orders' }));
    expect(
      await screen.findByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '246810');
    await user.click(screen.getByRole('button', { name: 'Show my orders' }));
    expect(await screen.findByRole('row', { name: /#BC1234/ })).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: '/api/orders/customer/%2B998901234567', code: '246810' });
    // The lookup's 401 is about the code, not the session.
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('asks a signed-in customer whose phone was never verified for the code, without signing them out', async () => {
    const customer = makeUser({ role: 'customer', phoneNumber: '+998935551122' });
    mockFetch((url) =>
      url.pathname === '/api/auth/codes'
        ? jsonResponse({ expiresIn: 300, retryAfter: 60 }, 202)
        : codeRequired(),
    );
    const { store } = await renderWithProviders(<MyOrdersPage />, {
      route: '/portfolio',
      preloadedState: { auth: { token: 'token', user: customer, isAuthenticated: true } },
    });
    expect(
      await screen.findByText(/If \+998935551122 has orders with us, we sent it a code/),
    ).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(screen.queryByRole('button', { name: 'Use another number' })).not.toBeInTheDocument();
  });
});
