import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, Product, StaffReview } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../testing/render';
import { makeOrder, makeProduct, makeUser } from '../testing/factories';
import './lib/locales';
import { DashboardPage } from './dashboard/components/dashboard-page';
import { OrdersPage } from './orders/components/orders-page';
import { ProductsPage } from './products/components/products-page';
import { ReviewsPage } from './reviews/components/reviews-page';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const paged = <T,>(docs: T[]) => ({ docs, totalDocs: docs.length, totalPages: 1, page: 1, limit: 10 });
const SLOW = { timeout: 5000 };

/** One product with Russian and English names, and one with only its main (Uzbek) name. */
const translated = {
  _id: '0123456789abcdef0000aa01',
  name: 'Maktab partasi',
  translations: { ru: { name: 'Школьная парта' }, en: { name: 'School desk' } },
};
const uzbekOnly = { _id: '0123456789abcdef0000aa02', name: 'Loft stol', translations: {} };

const products: Product[] = [
  makeProduct({ ...translated, description: 'Ikki kishilik' }),
  makeProduct({ ...uzbekOnly, description: 'Metall oyoqli' }),
];
const order: Order = makeOrder({
  products: [translated, uzbekOnly].map((product) => ({
    product: { ...product, productImages: [] },
    color: 'oq',
    quantity: 1,
    price: 450_000,
    discountedPrice: null,
  })),
});
const stats = {
  totalProducts: 2,
  totalOrders: 1,
  newOrders: 1,
  cancelledOrders: 0,
  daily: [],
  lowStock: [translated, uzbekOnly].map((product) => ({ ...product, stock: 1, productImages: [] })),
};
const review: StaffReview = {
  _id: '0123456789abcdef0000bb01',
  rating: 5,
  text: 'Zo‘r',
  author: 'Aziz',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  status: 'published',
  product: translated,
};

function serve() {
  mockFetch((url) => {
    if (url.pathname === '/api/dashboard/stats') return jsonResponse(stats);
    if (url.pathname === '/api/products') return jsonResponse(paged(products));
    if (url.pathname === '/api/orders') return jsonResponse(paged([order]));
    if (url.pathname === '/api/reviews') return jsonResponse(paged([review]));
    return jsonResponse({});
  });
}

/** The back office names products as the storefront does: the staff member's language, else the main text. */
describe.each([
  ['ru', 'Школьная парта'],
  ['en', 'School desk'],
] as const)('product names in the back office (%s)', (language, name) => {
  it('in the order detail', async () => {
    serve();
    await renderWithProviders(<OrdersPage />, { route: '/admin/orders', preloadedState: staff, language });
    const row = await screen.findByRole('row', { name: /Aziz Karimov/ }, SLOW);
    await userEvent.setup().click(within(row).getAllByRole('button')[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(name)).toBeInTheDocument();
    expect(within(dialog).getByText('Loft stol')).toBeInTheDocument();
    expect(within(dialog).queryByText('Maktab partasi')).not.toBeInTheDocument();
  });

  it('in the products list', async () => {
    serve();
    await renderWithProviders(<ProductsPage />, {
      route: '/admin/products',
      preloadedState: staff,
      language,
    });
    expect(await screen.findByText(name, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Loft stol')).toBeInTheDocument();
    expect(screen.queryByText('Maktab partasi')).not.toBeInTheDocument();
  });

  it('in the dashboard and the reviews', async () => {
    serve();
    const dashboard = await renderWithProviders(<DashboardPage />, {
      route: '/admin',
      preloadedState: staff,
      language,
    });
    expect(await screen.findByRole('link', { name }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Loft stol' })).toBeInTheDocument();
    dashboard.unmount();
    await renderWithProviders(<ReviewsPage />, { route: '/admin/reviews', preloadedState: staff, language });
    expect(await screen.findByRole('link', { name }, SLOW)).toBeInTheDocument();
  });
});
