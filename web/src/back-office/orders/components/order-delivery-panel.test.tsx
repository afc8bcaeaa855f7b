import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder } from '../../../testing/factories';
import '../../lib/locales';
import { OrderDeliveryPanel } from './order-delivery-panel';

const order = makeOrder({
  delivery: {
    method: 'courier',
    region: 'tashkent-city',
    address: { street: 'Amir Temur', house: '12', landmark: 'Ecopark oldida' },
    floor: 4,
    lift: false,
    date: '2026-06-02',
    slot: '09-13',
    assembly: true,
    fee: 50_000,
    assemblyFee: 200_000,
    carryFee: 90_000,
    status: 'scheduled',
  },
});

describe('Order delivery for staff', () => {
  it('shows the address and landmark, and sends a new status, day and slot', async () => {
    const patches: unknown[] = [];
    mockFetch(
      (url, init) => {
        patches.push({ path: url.pathname, body: init.body });
        return jsonResponse(order);
      },
      () =>
        jsonResponse({
          slots: ['09-13', '13-18', '18-21'],
          slotCapacity: 8,
          closedWeekdays: [7],
          carryPerFloor: 15000,
        }),
    );
    await renderWithProviders(<OrderDeliveryPanel order={order} />);
    expect(screen.getByText('Amir Temur, 12')).toBeInTheDocument();
    expect(screen.getByText('Ecopark oldida')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Delivery status'), 'out_for_delivery');
    fireEvent.input(screen.getByLabelText('Day'), { target: { value: '2026-06-04' } });
    await screen.findByRole('option', { name: '18-21' });
    await user.selectOptions(screen.getByLabelText('Slot'), '18-21');
    await user.click(screen.getByRole('button', { name: 'Save delivery' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      path: `/api/orders/${order._id}/delivery`,
      body: { status: 'out_for_delivery', date: '2026-06-04', slot: '18-21' },
    });
  });

  it('says so when the new slot is full', async () => {
    mockFetch(
      () => jsonResponse({ message: 'Full', code: 'DELIVERY_SLOT_FULL' }, 409),
      () =>
        jsonResponse({
          slots: ['09-13', '13-18'],
          slotCapacity: 8,
          closedWeekdays: [7],
          carryPerFloor: 15000,
        }),
    );
    await renderWithProviders(<OrderDeliveryPanel order={order} />);
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '13-18' });
    await user.selectOptions(screen.getByLabelText('Slot'), '13-18');
    await user.click(screen.getByRole('button', { name: 'Save delivery' }));
    expect(await screen.findByText('This time is fully booked. Choose another.')).toBeInTheDocument();
  });

  it('shows an order booked in a slot the shop no longer offers with that slot chosen', async () => {
    const patches: unknown[] = [];
    mockFetch(
      (url, init) => {
        patches.push(init.body);
        return jsonResponse(order);
      },
      () =>
        jsonResponse({ slots: ['09-13', '13-18'], slotCapacity: 8, closedWeekdays: [7], carryPerFloor: 0 }),
    );
    const old = makeOrder({ delivery: { ...order.delivery, date: '2026-03-02', slot: '10-14' } });
    await renderWithProviders(<OrderDeliveryPanel order={old} />);
    await screen.findByRole('option', { name: '13-18' });
    const slot = screen.getByLabelText('Slot');
    expect(slot).toHaveValue('10-14');
    expect(slot).toHaveDisplayValue('10-14 (as booked; no longer offered)');
    expect(screen.getByLabelText('Day')).toHaveValue('2026-03-02');
    // Changing only the status keeps the booked day and slot.
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Delivery status'), 'out_for_delivery');
    await user.click(screen.getByRole('button', { name: 'Save delivery' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'out_for_delivery' }]));
  });
});
