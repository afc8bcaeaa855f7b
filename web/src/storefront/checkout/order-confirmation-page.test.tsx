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
});
