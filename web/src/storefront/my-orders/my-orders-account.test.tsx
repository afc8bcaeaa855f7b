import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@shop/common';
import MyOrdersPage from './my-orders-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeOrder, makeUser } from '../../testing/factories';

const customer = makeUser({ role: 'customer', fullName: 'Malika Yusupova', phoneNumber: '+998935551122' });
const signedIn = { auth: { token: 'token', user: customer, isAuthenticated: true } };

/** "My orders" for a signed-in customer shows their orders at once, by the account's phone. */
describe('MyOrdersPage signed in', () => {
  it("shows the account's orders without the phone form, whatever phone was saved before", async () => {
    localStorage.setItem(STORAGE_KEYS.portfolioPhone, '+998901234567');
    const paths: string[] = [];
    mockFetch((url) => {
      paths.push(url.pathname);
      return jsonResponse({ success: true, data: [makeOrder({ _id: '00000000000000000abc1234' })] });
    });
    await renderWithProviders(<MyOrdersPage />, { route: '/portfolio', preloadedState: signedIn });
    expect(await screen.findByRole('row', { name: /#BC1234/ })).toBeInTheDocument();
    expect(paths).toEqual(['/api/orders/customer/%2B998935551122']);
    expect(screen.queryByRole('button', { name: 'Find my orders' })).not.toBeInTheDocument();
    expect(screen.getByText('Malika Yusupova')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  });

  it('says so when the account has no orders yet, instead of asking for a phone', async () => {
    mockFetch(() => jsonResponse({ success: true, data: [] }));
    await renderWithProviders(<MyOrdersPage />, { route: '/portfolio', preloadedState: signedIn });
    expect(await screen.findByTestId('portfolio-empty')).toHaveTextContent('You have no orders yet.');
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  });
});
