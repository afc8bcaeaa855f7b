import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { StarRating } from './star-rating';
import { renderWithProviders } from '../../testing/render';

describe('StarRating', () => {
  it('says "no reviews yet" and shows no stars and no number when nobody has rated', async () => {
    const { container } = await renderWithProviders(<StarRating rating={{ average: null, count: 0 }} />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText('No reviews yet').parentElement?.textContent).not.toMatch(/\d/);
  });

  it('shows the real average and count, and fills the stars to the average', async () => {
    const { container } = await renderWithProviders(<StarRating rating={{ average: 4.3, count: 12 }} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5 from 12 reviews' })).toBeInTheDocument();
    expect(container.querySelector('[role="img"]')?.textContent).toBe('4.3 (12)');
    const filled = container.querySelector<HTMLElement>('[style]');
    expect(filled?.style.width).toBe('86%');
  });

  it('writes a whole average with one decimal and a single review in the singular', async () => {
    await renderWithProviders(<StarRating rating={{ average: 5, count: 1 }} />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeInTheDocument();
  });

  it('speaks Russian and Uzbek, with Russian plural forms', async () => {
    await renderWithProviders(<StarRating rating={{ average: 3.5, count: 5 }} />, { language: 'ru' });
    expect(screen.getByRole('img', { name: 'Оценка 3,5 из 5, 5 отзывов' })).toBeInTheDocument();
  });

  it('says "no reviews yet" in Uzbek, the default language', async () => {
    await renderWithProviders(<StarRating rating={{ average: null, count: 0 }} />, { language: 'uz' });
    expect(screen.getByText('Hali sharhlar yoʻq')).toBeInTheDocument();
  });

  describe('in a browser without Uzbek number data (Chromium)', () => {
    afterEach(() => vi.restoreAllMocks());
    it('writes the Uzbek rating as the server does, so hydration finds the same text', async () => {
      const toLocaleString = Number.prototype.toLocaleString;
      vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (
        this: number,
        _locales,
        options,
      ) {
        return toLocaleString.call(this, 'en', options);
      });
      const { container } = await renderWithProviders(<StarRating rating={{ average: 4, count: 2 }} />, {
        language: 'uz',
      });
      expect(container.querySelector('[role="img"]')?.textContent).toBe('4,0 (2)');
    });
  });
});
