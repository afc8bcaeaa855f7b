import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductDetailPage, { ProductDetail } from './product-detail-page';
import { ProductCard } from '../../entities/product/product-card';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { makeProduct } from '../../testing/factories';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

// The countdown is a later part (its own chunk): loaded before any render, so a test of its
// absence cannot pass only because its code had not arrived yet.
beforeAll(() => import('./components/sale-countdown'));

describe('product detail', () => {
  it('shows the discount percent, the struck price, the savings and a live countdown while the sale runs', async () => {
    const product = makeProduct({
      _id: '9f8e7d6c5b4a39281706a5b4',
      price: 1_000_000,
      isDiscounted: true,
      discounts: { type: 'percentage', value: 20, startDate: null, endDate: inDays(2.5) },
    });
    await renderWithProviders(<ProductDetail product={product} />);
    expect(screen.getAllByText('-20%').length).toBeGreaterThan(0);
    expect(screen.getByText("800 000 so'm")).toBeInTheDocument();
    expect(screen.getByText("1 000 000 so'm").tagName).toBe('DEL');
    expect(screen.getByText("Save 200 000 so'm")).toBeInTheDocument();
    expect(await screen.findByRole('timer')).toHaveTextContent(/02\s*days/);
    expect(screen.getByText('Sale ends in')).toBeInTheDocument();
    // SKU: first 8 characters of the id, upper-cased.
    expect(screen.getByText('9F8E7D6C')).toBeInTheDocument();
  });

  it('shows no badge, struck price or countdown when the discount window has closed', async () => {
    const product = makeProduct({
      price: 1_000_000,
      isDiscounted: true,
      discounts: { type: 'percentage', value: 20, startDate: null, endDate: inDays(-1) },
    });
    await renderWithProviders(<ProductDetail product={product} />);
    expect(screen.queryByText('-20%')).not.toBeInTheDocument();
    expect(screen.queryByText('Sale ends in')).not.toBeInTheDocument();
    expect(screen.getByText("1 000 000 so'm").tagName).not.toBe('DEL');
  });

  it('warns when no colour is chosen, then adds the chosen colour and quantity', async () => {
    const product = makeProduct({ color: ['oq', 'qora', 'binafsha'] });
    const { store } = await renderWithProviders(<ProductDetail product={product} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    // Said at the picker, not in a passing toast, and the focus is moved there.
    expect(await screen.findByText('Please select a colour')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('group', { name: /Colour/ })).toHaveAccessibleDescription(
      'Please select a colour',
    );
    expect(screen.getByLabelText('White')).toHaveFocus();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(store.getState().cart.items).toHaveLength(0);
    // Unknown colour keys still render, with their key as the name.
    expect(screen.getByLabelText('binafsha')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Black'));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toMatchObject([{ selectedColor: 'qora', quantity: 3 }]);
  });

  it('disables add to cart at stock 0 and keeps the quantity at least 1', async () => {
    await renderWithProviders(<ProductDetail product={makeProduct({ stock: 0 })} />);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('shows a not-found toast and goes to /products when loading fails', async () => {
    mockFetch(() => jsonResponse({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' }, 404));
    await renderWithProviders(<ProductDetailPage />, { route: '/product/abc', path: '/product/:id' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products'));
    // The toast; the page's own notice (what a server-rendered 404 shows) has gone with the page.
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
  });
});

describe('product card quick add', () => {
  it('adds the first colour with quantity 1 and says so', async () => {
    const product = makeProduct({ name: 'Parta', color: ["ko'k", 'oq'] });
    const { store } = await renderWithProviders(<ProductCard product={product} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toMatchObject([{ selectedColor: "ko'k", quantity: 1 }]);
    expect(await screen.findByText('Parta was added to the cart')).toBeInTheDocument();
  });

  it('does nothing, silently, for an incomplete product', async () => {
    const { store } = await renderWithProviders(<ProductCard product={makeProduct({ productImages: [] })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the placeholder when the image fails to load, and the new and discount badges', async () => {
    const product = makeProduct({
      isNewProduct: true,
      isDiscounted: true,
      discounts: { type: 'fixed', value: 45_000, startDate: null, endDate: null },
    });
    const { container } = await renderWithProviders(<ProductCard product={product} />);
    const image = container.querySelector('img[width="400"]')!;
    expect(image.getAttribute('src')).toBe('/uploads/products/thumbs/desk.webp');
    fireEvent.error(image);
    await waitFor(() => expect(image.getAttribute('src')).toBe('/placeholder.svg'));
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('-10%')).toBeInTheDocument();
  });
});
