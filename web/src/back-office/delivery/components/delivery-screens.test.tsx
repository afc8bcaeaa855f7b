import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryRun } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { TEST_ZONES } from '../../../testing/delivery';
import { makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { DeliveriesPage } from './deliveries-page';
import { DeliverySettingsPage } from './delivery-settings-page';

const run = (override: Partial<DeliveryRun>): DeliveryRun => ({
  _id: 'a'.repeat(24),
  orderNumber: '#AAAAAA',
  customer: { fullName: 'Dilnoza', phoneNumber: '+998901234567' },
  region: 'tashkent-city',
  slot: '09-13',
  address: { street: 'Amir Temur', house: '12', apartment: '5', landmark: 'Ecopark oldida' },
  floor: 4,
  lift: false,
  assembly: true,
  status: 'scheduled',
  lines: [{ name: 'Shkaf', color: 'oq', quantity: 2 }],
  total: 1_000_000,
  payment: { method: 'cash', status: 'unpaid' },
  toCollect: 1_000_000,
  ...override,
});

describe('Deliveries screen', () => {
  it("lists a day's stops by slot and region with address, landmark, phone, lines, assembly and cash", async () => {
    const asked: string[] = [];
    mockFetch(
      () => jsonResponse({}),
      (url) => {
        asked.push(url.searchParams.get('date') ?? '');
        const date = url.searchParams.get('date')!;
        return jsonResponse({
          date,
          docs: [
            run({}),
            run({
              _id: 'b'.repeat(24),
              orderNumber: '#BBBBBB',
              region: 'tashkent',
              payment: { method: 'bank_transfer', status: 'paid' },
              toCollect: 0,
              assembly: false,
            }),
            run({
              _id: 'd'.repeat(24),
              orderNumber: '#DDDDDD',
              payment: { method: 'bank_transfer', status: 'unpaid' },
              toCollect: 0,
            }),
            run({
              _id: 'c'.repeat(24),
              orderNumber: '#CCCCCC',
              slot: '13-18',
              toCollect: 500_000,
              lines: [
                {
                  name: 'Yozuv stoli',
                  color: 'eman',
                  quantity: 1,
                  variant: {
                    sku: 'DESK-140-OAK',
                    label: { uz: '140×70 sm · Eman', ru: '140×70 см · Дуб', en: '140×70 cm · Oak' },
                  },
                },
              ],
            }),
          ],
        });
      },
    );
    await renderWithProviders(<DeliveriesPage />);
    const morning = await screen.findByRole('region', { name: '09-13' });
    expect(within(morning).getByText('Tashkent city')).toBeInTheDocument();
    expect(within(morning).getByText('Tashkent region')).toBeInTheDocument();
    expect(within(morning).getAllByText(/Amir Temur, 12, apt. 5/)).toHaveLength(3);
    expect(within(morning).getAllByText('Ecopark oldida')).toHaveLength(3);
    expect(within(morning).getAllByText('Shkaf (oq) × 2', { exact: false })).toHaveLength(3);
    expect(within(morning).getAllByRole('link', { name: '+998901234567' })[0]).toHaveAttribute(
      'href',
      'tel:+998901234567',
    );
    expect(within(morning).getByText("Collect 1 000 000 so'm")).toBeInTheDocument();
    // A transfer is never collected at the door, and its label names the transfer, not "online".
    expect(within(morning).getByText('Paid: Bank transfer')).toBeInTheDocument();
    expect(within(morning).getByText('Not paid (Bank transfer): take no money')).toBeInTheDocument();
    expect(within(morning).queryByText(/online/i)).toBeNull();
    const afternoon = screen.getByRole('region', { name: '13-18' });
    // A variant is named by its label in the screen's language and its SKU, not its colour.
    expect(
      within(afternoon).getByText('Yozuv stoli (140×70 cm · Oak) · DESK-140-OAK × 1'),
    ).toBeInTheDocument();
    expect(screen.getByText("Deliveries: 4; cash to collect: 1 500 000 so'm")).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('Day'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(asked.at(-1)).toBe('2026-12-01'));
  });
});

describe('Delivery settings screen', () => {
  it('sends a manager back to the dashboard', async () => {
    mockFetch(() => jsonResponse({}));
    const manager = makeUser({ role: 'manager' });
    await renderWithProviders(<DeliverySettingsPage />, {
      route: '/admin/delivery-settings',
      preloadedState: { auth: { token: 't', user: manager, isAuthenticated: true } },
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it("saves a region's tariff as the shop writes amounts, and the slot settings", async () => {
    const puts: { path: string; body: unknown }[] = [];
    const settings = {
      slots: ['09-13', '13-18'],
      slotCapacity: 8,
      closedWeekdays: [7],
      carryPerFloor: 15000,
    };
    mockFetch(
      () => jsonResponse({}),
      (url, init) => {
        if (init.method === 'PUT') {
          puts.push({ path: url.pathname, body: init.body });
          return jsonResponse(url.pathname.endsWith('settings') ? settings : TEST_ZONES[2]);
        }
        return jsonResponse(url.pathname.endsWith('/zones') ? { docs: TEST_ZONES } : settings);
      },
    );
    await renderWithProviders(<DeliverySettingsPage />);
    const user = userEvent.setup();
    const fee = await screen.findByLabelText("Andijan region: Fee (so'm)");
    await user.clear(fee);
    await user.type(fee, '280000');
    await user.clear(screen.getByLabelText("Andijan region: Free from (so'm)"));
    const row = fee.closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/api/delivery/zones/andijan',
      body: { enabled: true, fee: 280_000, freeFrom: null, leadDays: 1 },
    });
    // The amount as the shop prints it is the amount, not "never free" saved without a word.
    await user.type(screen.getByLabelText("Andijan region: Free from (so'm)"), '1 000 000');
    await user.clear(fee);
    await user.type(fee, '280 000 soʻm');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      path: '/api/delivery/zones/andijan',
      body: { enabled: true, fee: 280_000, freeFrom: 1_000_000, leadDays: 1 },
    });
    // A text that is no amount is refused here, with a word, and nothing is sent.
    await user.type(fee, 'x');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Andijan region: the fee and the free-from amount/)).toBeInTheDocument();
    expect(puts).toHaveLength(2);

    await user.click(screen.getByRole('checkbox', { name: 'Sat' }));
    await user.clear(screen.getByLabelText('Orders per slot'));
    await user.type(screen.getByLabelText('Orders per slot'), '5');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]).toEqual({
      path: '/api/delivery/settings',
      body: { slots: ['09-13', '13-18'], slotCapacity: 5, closedWeekdays: [6, 7], carryPerFloor: 15000 },
    });
  });
});
