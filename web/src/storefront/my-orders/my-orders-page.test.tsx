import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@shop/common';
import MyOrdersPage from './my-orders-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeOrder } from '../../testing/factories';

describe('MyOrdersPage', () => {
  it('loads the saved phone on arrival, shows the table and the details, and forgets the phone on logout', async () => {
    localStorage.setItem(STORAGE_KEYS.portfolioPhone, '+998901234567');
    const order = makeOrder({
      _id: '00000000000000000abc1234',
      status: 'ordered',
      total: 900_000,
      // The lookup by phone carries no address: only where and when.
      delivery: {
        method: 'courier',
        region: 'samarkand',
        date: '2026-06-03',
        slot: '13-18',
        floor: 3,
        lift: false,
        assembly: true,
        fee: 300_000,
        assemblyFee: 100_000,
        carryFee: 30_000,
        status: 'out_for_delivery',
      },
    });
    const paths: string[] = [];
    mockFetch((url) => {
      paths.push(url.pathname);
      return jsonResponse({ success: true, data: [order] });
    });
    await renderWithProviders(<MyOrdersPage />, { route: '/portfolio' });
    const row = await screen.findByRole('row', { name: /#BC1234/ });
    expect(paths).toEqual(['/api/orders/customer/%2B998901234567']);
    expect(within(row).getByText('Ordered')).toBeInTheDocument();
    expect(within(row).getByText("900 000 so'm")).toBeInTheDocument();
    expect(screen.getByText('Order history (1 order)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #BC1234' });
    expect(within(dialog).getByText('Maktab partasi')).toBeInTheDocument();
    const delivery = within(within(dialog).getByTestId('order-delivery'));
    expect(delivery.getByText('Courier to the door')).toBeInTheDocument();
    expect(delivery.getByText('On the way')).toBeInTheDocument();
    expect(delivery.getByText('Samarkand region')).toBeInTheDocument();
    expect(delivery.getByText(/13-18/)).toBeInTheDocument();
    expect(delivery.getByText("30 000 so'm")).toBeInTheDocument();
    expect(delivery.queryByText('Address')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(localStorage.getItem(STORAGE_KEYS.portfolioPhone)).toBeNull();
    expect(screen.getByRole('button', { name: 'Find my orders' })).toBeInTheDocument();
  });

  it('asks for a whole phone number, says when nothing is found, and translates throttling', async () => {
    let answer = jsonResponse({ success: true, data: [] });
    const fetch = mockFetch(() => answer);
    await renderWithProviders(<MyOrdersPage />, { route: '/portfolio' });
    const user = userEvent.setup();
    // Nothing typed yet: no complaint, only what the field takes.
    expect(screen.getByLabelText('Phone number')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '90123');
    await user.click(await screen.findByRole('button', { name: 'Find my orders' }));
    expect(await screen.findAllByText('Please enter a valid phone number')).toHaveLength(1);
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Phone number'), '4567');
    await user.click(await screen.findByRole('button', { name: 'Find my orders' }));
    expect(await screen.findByText('No orders found for this phone number.')).toBeInTheDocument();
    answer = jsonResponse({ message: 'Slow down', code: 'RATE_LIMITED' }, 429);
    await user.click(await screen.findByRole('button', { name: 'Find my orders' }));
    expect(
      await screen.findByText('Too many requests. Please wait a minute and try again.'),
    ).toBeInTheDocument();
  });
});
