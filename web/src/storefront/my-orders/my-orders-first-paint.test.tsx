import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@shop/common';
import MyOrdersPage from './my-orders-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { restoreFromStorage } from '../../testing/store';
import { makeOrder, makeUser } from '../../testing/factories';

/** A server-rendered page's store: the browser has not read localStorage yet. */
const notRestored = {
  auth: { token: null, user: null, isAuthenticated: false },
  storage: { restored: false },
};

/**
 * "My orders" as the server renders it and as a slow phone shows it before the app is up: the
 * phone form, not a spinner, so a lookup typed meanwhile is there to be carried out (§B13).
 */
describe('MyOrdersPage before the stored session is read', () => {
  it("shows the phone form and asks nothing, then opens a signed-in customer's orders", async () => {
    const customer = makeUser({ role: 'customer', phoneNumber: '+998935551122' });
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(customer));
    const paths: string[] = [];
    mockFetch((url) => {
      paths.push(url.pathname);
      return jsonResponse({ success: true, data: [makeOrder({ _id: '00000000000000000abc1234' })] });
    });
    const { store } = await renderWithProviders(<MyOrdersPage />, {
      route: '/portfolio',
      preloadedState: notRestored,
    });
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Find my orders' })).toBeInTheDocument();
    expect(paths).toEqual([]);

    await act(async () => restoreFromStorage(store));
    expect(await screen.findByRole('row', { name: /#BC1234/ })).toBeInTheDocument();
    expect(paths).toEqual(['/api/orders/customer/%2B998935551122']);
  });

  it('fills in the remembered phone once storage is read, unless the shopper typed first', async () => {
    localStorage.setItem(STORAGE_KEYS.portfolioPhone, '+998901234567');
    mockFetch(() => jsonResponse({ success: false, code: 'PHONE_CODE_REQUIRED', message: 'code' }, 401));
    const first = await renderWithProviders(<MyOrdersPage />, {
      route: '/portfolio',
      preloadedState: notRestored,
    });
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
    await act(async () => restoreFromStorage(first.store));
    expect(screen.getByLabelText('Phone number')).toHaveValue('+998901234567');
    first.unmount();

    const second = await renderWithProviders(<MyOrdersPage />, {
      route: '/portfolio',
      preloadedState: notRestored,
    });
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998935550000' } });
    await act(async () => restoreFromStorage(second.store));
    expect(screen.getByLabelText('Phone number')).toHaveValue('+998935550000');
  });
});
