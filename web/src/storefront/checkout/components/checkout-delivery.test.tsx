import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { TEST_SITE, jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeOrder, makeProduct } from '../../../testing/factories';
import { TEST_ZONES, testQuote } from '../../../testing/delivery';

const wardrobe = makeProduct({ _id: 'abcdef0123456789abcdef02', price: 450_000, assemblyPrice: 100_000 });

/** The shop: cash only, the quote as given (assembly priced when asked), every order placed. */
function shop(quote = testQuote({ assemblyOffered: true })) {
  const orders: unknown[] = [];
  const quotes: unknown[] = [];
  const fetch = mockFetch(
    (url, init) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      orders.push(init.body);
      return jsonResponse(makeOrder({ _id: '0123456789abcdef01a2b3c4' }), 201);
    },
    (url, init) => {
      if (url.pathname.endsWith('/zones')) return jsonResponse({ docs: TEST_ZONES });
      quotes.push(init.body);
      const body = init.body as { assembly: boolean };
      return jsonResponse(
        body.assembly ? { ...quote, assembly: 200_000, total: quote.total + 200_000 } : quote,
      );
    },
  );
  return { orders, quotes, fetch };
}

async function openCheckout(site = TEST_SITE) {
  const view = await renderWithProviders(<CheckoutModal open onClose={() => undefined} />, {
    route: '/cart',
    site,
  });
  act(() => {
    view.store.dispatch(addItem({ product: wardrobe, quantity: 2, selectedColor: 'oq' }));
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Dilnoza');
  await user.type(screen.getByLabelText('Phone number'), '901234567');
  await user.click(screen.getByRole('radio', { name: /Courier to the door/ }));
  return { ...view, user };
}

const submit = () => screen.getByRole('button', { name: 'Place order' });

describe('Checkout delivery', () => {
  it('starts with nothing to fill but the method', async () => {
    shop();
    await renderWithProviders(<CheckoutModal open onClose={() => undefined} />, { route: '/cart' });
    expect(screen.getByRole('radio', { name: /Agreed by phone/ })).toBeChecked();
    expect(screen.queryByLabelText('Street')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delivery day')).not.toBeInTheDocument();
  });

  it('asks the courier address, picks the first open day and slot, and itemises the total', async () => {
    shop();
    await openCheckout();
    expect(screen.getByRole('radio', { name: /Courier to the door/ })).toBeChecked();
    expect(screen.getByLabelText('Street')).toBeInTheDocument();
    expect(screen.getByLabelText('Landmark')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: '13-18' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '09-13 (full)' })).toBeDisabled();
    expect(screen.getByLabelText('Delivery day')).toHaveValue('2026-06-02');
    const totals = within(screen.getByTestId('checkout-totals'));
    expect(totals.getByText("900 000 so'm")).toBeInTheDocument();
    expect(totals.getByText("50 000 so'm")).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent("950 000 so'm");
  });

  it('names the missing street and house and a floor out of range, and sends nothing', async () => {
    const { orders } = shop();
    const { user } = await openCheckout();
    await screen.findByRole('radio', { name: '13-18' });
    await user.clear(screen.getByLabelText('Floor'));
    await user.type(screen.getByLabelText('Floor'), '0');
    await user.click(submit());
    expect(screen.getByText('Enter the street')).toBeInTheDocument();
    expect(screen.getByText('Enter the house')).toBeInTheDocument();
    expect(screen.getByText('Enter a floor from 1 to 50')).toBeInTheDocument();
    expect(orders).toEqual([]);
  });

  it('offers assembly when a product has it, re-quotes with it, and sends the whole delivery', async () => {
    const { orders, quotes } = shop();
    const { user } = await openCheckout();
    await screen.findByRole('radio', { name: '13-18' });
    await user.type(screen.getByLabelText('Street'), 'Amir Temur');
    await user.type(screen.getByLabelText('House'), '12');
    await user.type(screen.getByLabelText('Landmark'), 'Ecopark');
    await user.clear(screen.getByLabelText('Floor'));
    await user.type(screen.getByLabelText('Floor'), '4');
    await user.selectOptions(screen.getByLabelText('Delivery day'), '2026-06-03');
    await user.click(screen.getByRole('radio', { name: '09-13' }));
    await user.click(screen.getByRole('checkbox', { name: /Assemble the furniture/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent("1 150 000 so'm"));
    expect(quotes.at(-1)).toMatchObject({ region: 'tashkent-city', assembly: true, floor: 4, lift: false });
    await user.click(submit());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({
      delivery: {
        method: 'courier',
        region: 'tashkent-city',
        address: { street: 'Amir Temur', house: '12', landmark: 'Ecopark' },
        floor: 4,
        lift: false,
        date: '2026-06-03',
        slot: '09-13',
        assembly: true,
      },
    });
  });

  it('asks nothing more for pickup, and shows no assembly when no product offers it', async () => {
    const { orders } = shop(testQuote());
    const { user } = await openCheckout();
    await screen.findByRole('radio', { name: '13-18' });
    expect(screen.queryByRole('checkbox', { name: /Assemble/ })).not.toBeInTheDocument();
    const pickup = screen.getByRole('radio', { name: /Pick up from the shop/ });
    expect(pickup).toHaveAccessibleName(/at Toshkent, Amir Temur 1/);
    await user.click(pickup);
    expect(screen.queryByLabelText('Street')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delivery day')).not.toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({ delivery: { method: 'pickup' } });
  });

  it('offers no pickup when the shop has no address to collect from', async () => {
    shop();
    await openCheckout({ ...TEST_SITE, contacts: { social: {} } });
    expect(screen.getByRole('radio', { name: /Agreed by phone/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Pick up/ })).not.toBeInTheDocument();
  });
});
