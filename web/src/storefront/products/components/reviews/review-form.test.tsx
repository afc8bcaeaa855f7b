import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewForm } from './review-form';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../../testing/render';

const PRODUCT = 'a1b2c3d4e5f6a1b2c3d4e5f6';

describe('ReviewForm', () => {
  it('names what is wrong next to each field and sends nothing', async () => {
    const fetch = mockFetch(() => jsonResponse({}, 500));
    await renderWithProviders(<ReviewForm productId={PRODUCT} />);
    await userEvent.type(screen.getByLabelText('Your review'), '  ok ');
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    // The check (common's zod schema) is loaded on the first submit.
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription(
        'Choose from 1 to 5 stars.',
      ),
    );
    expect(screen.getByLabelText('Your review')).toHaveAccessibleDescription(
      'Write at least 3 characters. From 3 to 2000 characters',
    );
    expect(screen.getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('picks the stars with the keyboard and posts the rating and the trimmed text', async () => {
    const bodies: unknown[] = [];
    mockFetch((_url, { body }) => {
      bodies.push(body);
      return jsonResponse(
        { _id: PRODUCT, rating: 4, text: 'Zo‘r', author: 'Aziz K.', createdAt: new Date().toISOString() },
        201,
      );
    });
    await renderWithProviders(<ReviewForm productId={PRODUCT} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(screen.getByLabelText('Your review'), ' Juda qulay <script>alert(1)</script> ');
    await user.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByText('Thank you! Your review is published.')).toBeInTheDocument();
    expect(bodies).toEqual([{ rating: 4, text: 'Juda qulay <script>alert(1)</script>' }]);
  });

  it('says in the shopper’s language why the server refused (403 REVIEW_NOT_ALLOWED)', async () => {
    mockFetch(() => jsonResponse({ message: 'Only customers…', code: 'REVIEW_NOT_ALLOWED' }, 403));
    await renderWithProviders(<ReviewForm productId={PRODUCT} />, { language: 'ru' });
    await userEvent.click(screen.getByRole('radio', { name: '5 звёзд' }));
    await userEvent.type(screen.getByLabelText('Ваш отзыв'), 'Отличная парта');
    await userEvent.click(screen.getByRole('button', { name: 'Опубликовать отзыв' }));
    const said = 'Оставить отзыв могут только покупатели этого товара после подтверждения их заказа.';
    // In the form (a banner) and in a toast.
    const shown = await screen.findAllByText(said);
    expect(shown.some((element) => element.closest('form'))).toBe(true);
  });

  it('puts a 400 from the server next to the field it names', async () => {
    mockFetch(() =>
      jsonResponse(
        { message: 'Invalid', code: 'VALIDATION_ERROR', errors: [{ path: 'rating', message: 'x' }] },
        400,
      ),
    );
    await renderWithProviders(<ReviewForm productId={PRODUCT} />);
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Yaxshi stul');
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription(
        'Choose from 1 to 5 stars.',
      ),
    );
  });
});
