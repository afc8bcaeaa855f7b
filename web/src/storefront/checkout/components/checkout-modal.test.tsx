import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@shop/common';
import { CheckoutModal } from './checkout-modal';
import { addItem } from '../../../entities/cart/cart-slice';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makePlacedOrder, makeProduct, makeUser, TEST_ORDER_KEY } from '../../../testing/factories';

const product = makeProduct({ _id: 'abcdef0123456789abcdef01', price: 450_000 });

async function setup(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const onClose = vi.fn();
  const view = await renderWithProviders(<CheckoutModal open onClose={onClose} />, {
    route: '/cart',
    ...options,
  });
  act(() => {
    view.store.dispatch(addItem({ product, quantity: 2, selectedColor: 'oq' }));
  });
  return { ...view, onClose, user: userEvent.setup() };
}

/** Checkout also asks which payment methods exist; what matters is that no order went out. */
const orderCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) =>
    (input instanceof Request ? input.url : String(input)).includes('/api/orders'),
  );

const nameInput = () => screen.getByLabelText('Full name');
const phoneInput = () => screen.getByLabelText('Phone number');
const submit = () => screen.getByRole('button', { name: 'Place order' });
/** These tests are about the contact fields: the delivery is left to a call. */
const arrangeByPhone = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('radio', { name: /Agreed by phone/ }));

describe('CheckoutModal', () => {
  it('requires the name and the phone, and clears each error on edit', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    const { user } = await setup();
    await arrangeByPhone(user);
    await user.click(submit());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    await user.type(nameInput(), 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(orderCalls(fetch)).toEqual([]);
  });

  it('rejects a phone that cannot be normalized', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    const { user } = await setup();
    await user.type(nameInput(), 'Aziz Karimov');
    await user.type(phoneInput(), '90 123 45');
    await arrangeByPhone(user);
    await user.click(submit());
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    await user.type(phoneInput(), '6');
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(orderCalls(fetch)).toEqual([]);
  });

  it("shows the server's field errors of a 400 next to their fields", async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      return jsonResponse(
        {
          message: 'Invalid body',
          code: 'VALIDATION_ERROR',
          errors: [
            { path: 'customerName', message: 'Name is too long for the courier' },
            { path: 'phoneNumber', message: 'This number cannot receive calls' },
          ],
        },
        400,
      );
    });
    const { user, onClose } = await setup();
    await user.type(nameInput(), 'Aziz Karimov');
    await user.type(phoneInput(), '90 123-45-67');
    await arrangeByPhone(user);
    await user.click(submit());
    expect(await screen.findByText('Name is too long for the courier')).toBeInTheDocument();
    expect(screen.getByText('This number cannot receive calls')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a 409 translated by its code and keeps the modal open and the cart full', async () => {
    mockFetch(() => jsonResponse({ message: 'Not enough stock', code: 'OUT_OF_STOCK' }, 409));
    const { user, store, onClose } = await setup({ language: 'ru' });
    await user.type(screen.getByLabelText('Полное имя'), 'Азиз');
    await user.type(screen.getByLabelText('Номер телефона'), '90 123-45-67');
    await user.click(screen.getByRole('radio', { name: /Договоримся по телефону/ }));
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(
      await screen.findByText('К сожалению, одного из товаров нет в нужном количестве.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it('sends the normalized order, clears the cart and takes a guest to the order’s confirmation link', async () => {
    const order = makePlacedOrder({ _id: '0123456789abcdef01a2b3c4', total: 900_000 });
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      sent.push({ path: url.pathname, method: init.method, body: init.body });
      return jsonResponse(order, 201);
    });
    const { user, store, onClose } = await setup();
    await user.type(nameInput(), ' Aziz Karimov ');
    await user.type(phoneInput(), '(90) 1234567');
    await arrangeByPhone(user);
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/order-confirmation?order=${order._id}&key=${TEST_ORDER_KEY}`,
      ),
    );
    expect(sent).toEqual([
      {
        path: '/api/orders',
        method: 'POST',
        body: {
          customerName: 'Aziz Karimov',
          phoneNumber: '+998901234567',
          items: [{ productId: product._id, quantity: 2, color: 'oq', price: 450_000 }],
          totalAmount: 900_000,
          paymentMethod: 'cash',
          delivery: { method: 'arrange', floor: 1, lift: false, assembly: false },
        },
      },
    ]);
    expect(store.getState().cart.items).toEqual([]);
    expect(onClose).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.portfolioPhone)).toBe('+998901234567');
  });

  it('sends a retry after a lost answer with the same Idempotency-Key, so the order is placed once', async () => {
    const order = makePlacedOrder({ _id: '0123456789abcdef01a2b3c4', total: 900_000 });
    const keys: (string | null)[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/payments/methods') return jsonResponse({ methods: ['cash'] });
      keys.push(init.headers.get('idempotency-key'));
      // The first answer is lost on the way (the order may or may not have been placed).
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(order, 201);
    });
    const { user, store } = await setup();
    await user.type(nameInput(), 'Aziz Karimov');
    await user.type(phoneInput(), '90 123-45-67');
    await arrangeByPhone(user);
    await user.click(submit());
    await waitFor(() => expect(keys).toHaveLength(1));
    expect(store.getState().cart.items).toHaveLength(1);
    await arrangeByPhone(user);
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/order-confirmation?order='),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a signed-in user to the same confirmation link', async () => {
    const order = makePlacedOrder({ _id: '0123456789abcdef01a2b3c4', total: 900_000 });
    mockFetch(() => jsonResponse(order, 201));
    const { user } = await setup({
      preloadedState: { auth: { token: 't', user: makeUser(), isAuthenticated: true } },
    });
    expect(nameInput()).toHaveValue('Aziz Karimov');
    await arrangeByPhone(user);
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/order-confirmation?order=${order._id}&key=${TEST_ORDER_KEY}`,
      ),
    );
  });
});
