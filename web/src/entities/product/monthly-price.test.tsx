import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MonthlyPrice } from './monthly-price';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';

const TERMS = {
  provider: 'uzum_nasiya',
  plans: [
    { months: 6, markupPercent: 26 },
    { months: 12, markupPercent: 44 },
  ],
};

describe('MonthlyPrice', () => {
  it('shows the lowest monthly payment, and every total and overpayment one tap away', async () => {
    const fetch = mockFetch(() => jsonResponse(TERMS), undefined, true);
    await renderWithProviders(
      <>
        <MonthlyPrice amount={1_000_000} detailed />
        <MonthlyPrice amount={2_000_000} />
      </>,
      { language: 'uz' },
    );
    const [detailed, card] = await screen.findAllByTestId('monthly-price');
    expect(detailed).toHaveTextContent('oyiga 120 000 soʻmdan');
    expect(card).toHaveTextContent('oyiga 240 000 soʻmdan');
    await userEvent.click(detailed!);
    expect(screen.getByTestId('instalment-terms')).toHaveTextContent(
      '6 oy: oyiga 210 000 soʻm, jami 1 260 000 soʻm, ustama 260 000 soʻm',
    );
    expect(screen.getByTestId('instalment-terms')).toHaveTextContent(
      '12 oy: oyiga 120 000 soʻm, jami 1 440 000 soʻm',
    );
    // One request for every price on the page.
    expect(
      fetch.mock.calls.filter(([input]) =>
        (input instanceof Request ? input.url : String(input)).includes('/api/instalments/terms'),
      ),
    ).toHaveLength(1);
  });

  it('is absent when the shop offers no instalments', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    await renderWithProviders(<MonthlyPrice amount={1_000_000} detailed />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('monthly-price')).toBeNull();
  });
});
