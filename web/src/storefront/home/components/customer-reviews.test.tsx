import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CustomerReviews } from './customer-reviews';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';

afterEach(() => vi.unstubAllGlobals());

const review = {
  _id: 'r1',
  rating: 5,
  text: 'Partalar juda mustahkam',
  author: 'Dilnoza K.',
  createdAt: '2026-11-01T10:00:00.000Z',
  product: { _id: 'p1', name: 'Maktab partasi', translations: { en: { name: 'School desk' } } },
};

describe('the home page’s customer reviews', () => {
  it('shows real published reviews with their product, in the shopper’s language', async () => {
    const urls: string[] = [];
    mockFetch((url) => {
      urls.push(url.pathname + url.search);
      return jsonResponse({ docs: [review] });
    });
    await renderWithProviders(<CustomerReviews />);
    expect(await screen.findByRole('heading', { name: 'What our customers say' })).toBeInTheDocument();
    expect(screen.getByText('“Partalar juda mustahkam”')).toBeInTheDocument();
    expect(screen.getByText('Dilnoza K.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About: School desk' })).toHaveAttribute('href', '/product/p1');
    expect(urls).toEqual(['/api/reviews/featured?limit=3']);
  });

  it('shows no block at all when the shop has no such reviews', async () => {
    const fetch = mockFetch(() => jsonResponse({ docs: [] }));
    const { store } = await renderWithProviders(<CustomerReviews />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(JSON.stringify(store.getState())).toContain('"status":"fulfilled"'));
    expect(screen.queryByRole('heading', { name: 'What our customers say' })).not.toBeInTheDocument();
    expect(document.querySelector('#home-reviews')).toBeNull();
  });
});
