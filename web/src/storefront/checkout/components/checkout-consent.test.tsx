import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makePlacedOrder, makeProduct, TEST_PRIVACY } from '../../../testing/factories';

const product = makeProduct({ _id: 'abcdef0123456789abcdef01', price: 450_000 });

/** The consent at checkout: the notice by the button, and the yes with the version shown in the order. */
describe('CheckoutModal consent', () => {
  it('shows the privacy notice by the button and places the order with the consent to the text shown', async () => {
    const bodies: unknown[] = [];
    mockFetch(
      (url, init) => {
        if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
        bodies.push(init.body);
        return jsonResponse(makePlacedOrder({ _id: '0123456789abcdef01a2b3c4' }), 201);
      },
      undefined,
      false,
      TEST_PRIVACY,
    );
    const view = await renderWithProviders(<CheckoutModal open onClose={() => {}} />, { route: '/cart' });
    act(() => {
      view.store.dispatch(addItem({ product, quantity: 1, selectedColor: 'oq' }));
    });
    const user = userEvent.setup();
    const notice = await screen.findByTestId('consent-notice');
    expect(notice).toHaveTextContent(
      'By placing the order you agree to the processing of your personal data',
    );
    expect(within(notice).getByRole('link', { name: 'how we handle personal data' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await user.type(screen.getByLabelText('Full name'), 'Aziz Karimov');
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.click(screen.getByRole('radio', { name: /Agreed by phone/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      customerName: 'Aziz Karimov',
      consent: true,
      consentVersion: TEST_PRIVACY.version,
    });
  });
});
