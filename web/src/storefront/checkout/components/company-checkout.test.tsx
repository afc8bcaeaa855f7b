import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@shop/common';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makePlacedOrder, makeProduct, makeUser } from '../../../testing/factories';

const product = makeProduct({ _id: 'abcdef0123456789abcdef01', price: 450_000 });
const ORDER_ID = '0123456789abcdef01a2b3c4';
const customer = makeUser({ _id: 'c0ffee0123456789abcdef01', role: 'customer' });

function shop(methods: PaymentMethod[] = ['cash', 'bank_transfer']) {
  const placed: Record<string, unknown>[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/payments/methods') return jsonResponse({ methods });
    placed.push(init.body as Record<string, unknown>);
    return jsonResponse(makePlacedOrder({ _id: ORDER_ID, total: 900_000 }), 201);
  });
  return placed;
}

async function openCheckout() {
  const view = await renderWithProviders(<CheckoutModal open onClose={vi.fn()} />, {
    route: '/cart',
    preloadedState: { auth: { token: 't', user: customer, isAuthenticated: true } },
  });
  act(() => {
    view.store.dispatch(addItem({ product, quantity: 2, selectedColor: 'oq' }));
  });
  return { ...view, user: userEvent.setup() };
}

describe('Checkout for an organisation', () => {
  it('offers bank transfer only to organisations, checks the requisites as typed and remembers them', async () => {
    const placed = shop();
    const { user } = await openCheckout();
    await user.click(screen.getByRole('radio', { name: /Agreed by phone/ }));
    // A person sees no bank transfer.
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: /Bank transfer/ })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByLabelText('I buy for an organisation'));
    expect(await screen.findByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    await user.type(screen.getByLabelText('STIR (TIN, 9 digits)'), '1234');
    expect(screen.getByText('The STIR is 9 digits.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('STIR (TIN, 9 digits)'), '56789');
    expect(screen.queryByText('The STIR is 9 digits.')).not.toBeInTheDocument();

    // Submitting with fields missing names them and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Organisation name')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('Bank account (20 digits)')).toHaveAttribute('aria-invalid', 'true');
    expect(placed).toEqual([]);

    await user.type(screen.getByLabelText('Organisation name'), '12-maktab');
    await user.type(screen.getByLabelText('Bank account (20 digits)'), '2021 2000 9001 2345 6789');
    await user.type(screen.getByLabelText('Bank MFO (5 digits)'), '00440');
    await user.type(screen.getByLabelText('Bank'), 'Oʻzmilliybank');
    await user.type(screen.getByLabelText('Legal address'), 'Gʻuzor, Mustaqillik 5');
    await user.type(screen.getByLabelText('Contact person'), 'Dilnoza Karimova');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toMatchObject({
      paymentMethod: 'bank_transfer',
      buyer: { type: 'company', tin: '123456789', bankAccount: '20212000900123456789', mfo: '00440' },
    });
    expect(JSON.parse(localStorage.getItem(`companyDetails:${customer._id}`)!)).toMatchObject({
      name: '12-maktab',
      tin: '123456789',
    });
  });

  it('keeps cash for an organisation while the shop offers no bank transfer', async () => {
    const placed = shop(['cash']);
    const { user } = await openCheckout();
    await user.click(screen.getByRole('radio', { name: /Agreed by phone/ }));
    await user.click(screen.getByLabelText('I buy for an organisation'));
    await user.type(screen.getByLabelText('STIR (TIN, 9 digits)'), '123456789');
    await user.type(screen.getByLabelText('Organisation name'), '12-maktab');
    await user.type(screen.getByLabelText('Bank account (20 digits)'), '2021 2000 9001 2345 6789');
    await user.type(screen.getByLabelText('Bank MFO (5 digits)'), '00440');
    await user.type(screen.getByLabelText('Bank'), 'Oʻzmilliybank');
    await user.type(screen.getByLabelText('Legal address'), 'Gʻuzor, Mustaqillik 5');
    await user.type(screen.getByLabelText('Contact person'), 'Dilnoza Karimova');
    expect(screen.queryByRole('radio', { name: /Bank transfer/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toMatchObject({ paymentMethod: 'cash', buyer: { type: 'company' } });
  });
});
