import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffReview } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { ReviewsPage } from './reviews-page';

const PRODUCT_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

function makeReview(override: Partial<StaffReview> = {}): StaffReview {
  return {
    _id: 'f1f2f3f4f5f6f1f2f3f4f5f6',
    rating: 2,
    text: '<img src=x onerror=alert(1)> Oyoqlari qiyshiq',
    author: 'Aziz Sh.',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    status: 'published',
    product: { _id: PRODUCT_ID, name: 'Loft stol', translations: {} },
    ...override,
  };
}

const paged = (docs: StaffReview[]) => ({ docs, totalDocs: docs.length, totalPages: 1, page: 1, limit: 10 });
const staff = { auth: { token: 't', user: makeUser({ role: 'manager' }), isAuthenticated: true } };

describe('ReviewsPage', () => {
  it('lists reviews with a link to the product, filters by status and hides one', async () => {
    const calls: string[] = [];
    let review = makeReview();
    mockFetch((url, { method, body }) => {
      calls.push(`${method} ${url.pathname}${url.search}`);
      if (method === 'PATCH') {
        review = { ...review, status: (body as { status: StaffReview['status'] }).status };
        return jsonResponse(review);
      }
      const status = url.searchParams.get('status');
      return jsonResponse(paged(!status || status === review.status ? [review] : []));
    });
    await renderWithProviders(<ReviewsPage />, { preloadedState: staff });

    const row = await screen.findByRole('row', { name: /Aziz Sh\./ });
    expect(within(row).getByRole('link', { name: 'Loft stol' })).toHaveAttribute(
      'href',
      `/product/${PRODUCT_ID}`,
    );
    // The text is shown as text.
    expect(within(row).getByText('<img src=x onerror=alert(1)> Oyoqlari qiyshiq')).toBeInTheDocument();
    expect(within(row).getByText('2 out of 5')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'hidden');
    expect(await screen.findByText('No reviews found.')).toBeInTheDocument();
    expect(calls).toContain('GET /api/reviews?page=1&limit=10&status=hidden');

    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    const again = await screen.findByRole('row', { name: /Aziz Sh\./ });
    await userEvent.click(within(again).getByRole('button', { name: 'Hide the review by Aziz Sh.' }));
    expect(await screen.findByText('Review hidden')).toBeInTheDocument();
    expect(calls).toContain('PATCH /api/reviews/f1f2f3f4f5f6f1f2f3f4f5f6');
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Aziz Sh\./ })).getByRole('button', {
          name: 'Show the review by Aziz Sh.',
        }),
      ).toBeInTheDocument(),
    );
  });

  it('says why a change failed, in the staff member’s language', async () => {
    mockFetch((_url, { method }) =>
      method === 'PATCH'
        ? jsonResponse({ message: 'Review not found', code: 'REVIEW_NOT_FOUND' }, 404)
        : jsonResponse(paged([makeReview()])),
    );
    await renderWithProviders(<ReviewsPage />, { preloadedState: staff, language: 'ru' });
    const row = await screen.findByRole('row', { name: /Aziz Sh\./ });
    await userEvent.click(within(row).getByRole('button', { name: 'Скрыть отзыв Aziz Sh.' }));
    expect(await screen.findByText('Отзыв не найден.')).toBeInTheDocument();
  });
});
