import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import OrderConfirmationPage from './order-confirmation-page';
import { renderWithProviders } from '../../testing/render';
import { makeUser } from '../../testing/factories';

describe('OrderConfirmationPage', () => {
  it('goes home without navigation state', async () => {
    await renderWithProviders(<OrderConfirmationPage />, {
      route: '/order-confirmation',
      path: '/order-confirmation',
      preloadedState: { auth: { token: 't', user: makeUser(), isAuthenticated: true } },
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the delivery the order was placed with', async () => {
    const delivery = {
      method: 'courier',
      region: 'tashkent-city',
      address: { street: 'Amir Temur', house: '12', landmark: 'Ecopark' },
      floor: 1,
      lift: true,
      date: '2026-06-02',
      slot: '09-13',
      assembly: false,
      fee: 0,
      assemblyFee: 0,
      carryFee: 0,
      status: 'scheduled',
    };
    await renderWithProviders(<OrderConfirmationPage />, {
      route: {
        pathname: '/order-confirmation',
        state: { orderId: 'a'.repeat(24), orderTotal: 900_000, delivery },
      } as never,
      path: '/order-confirmation',
    });
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Amir Temur, 12')).toBeInTheDocument();
    expect(screen.getByText('Ecopark')).toBeInTheDocument();
    expect(screen.getByText('free')).toBeInTheDocument();
  });
});
