import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConsentNotice } from './consent-notice';
import { useConsent } from './use-consent';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { TEST_PRIVACY } from '../../testing/factories';

/** A form's use of the consent: the notice, and what its request would carry. */
function Form({ onRefused }: { onRefused?: unknown }) {
  const consent = useConsent();
  return (
    <>
      <ConsentNotice consent={consent} action="order" />
      <output data-testid="fields">{JSON.stringify(consent.fields)}</output>
      {onRefused !== undefined && (
        <button type="button" onClick={() => consent.onRefused(onRefused)}>
          refused
        </button>
      )}
    </>
  );
}

const privacyCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) =>
    String(input instanceof Request ? input.url : input).endsWith('/api/privacy'),
  );

describe('ConsentNotice', () => {
  it('says what the button agrees to, links /privacy in a new tab and unfolds the text, in the reader’s language', async () => {
    mockFetch(() => jsonResponse({}), undefined, false, TEST_PRIVACY);
    await renderWithProviders(<Form />, { language: 'ru' });
    const notice = await screen.findByTestId('consent-notice');
    expect(notice).toHaveTextContent('Оформляя заказ, вы соглашаетесь на обработку персональных данных');
    const link = within(notice).getByRole('link', { name: 'как мы обрабатываем персональные данные' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.setup().click(within(notice).getByText('Прочитать текст здесь'));
    expect(within(notice).getByText(/Ваши данные обрабатывает Mebel Shop MChJ/)).toBeVisible();
    expect(within(notice).queryByText(/Your data is processed/)).not.toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('fields').textContent!)).toEqual({
      consent: true,
      consentVersion: TEST_PRIVACY.version,
    });
  });

  it('shows nothing and asks for no consent while the text is not there (the server then records none)', async () => {
    mockFetch(() => jsonResponse({}));
    await renderWithProviders(<Form />);
    await waitFor(() => expect(screen.getByTestId('fields')).toHaveTextContent('{}'));
    expect(screen.queryByTestId('consent-notice')).not.toBeInTheDocument();
  });

  it('reads the text again when the server says it changed (CONSENT_REQUIRED), and only then', async () => {
    const fetch = mockFetch(() => jsonResponse({}), undefined, false, TEST_PRIVACY);
    const user = userEvent.setup();
    const refused = { status: 400, data: { message: 'Consent', code: 'CONSENT_REQUIRED' } };
    await renderWithProviders(<Form onRefused={refused} />);
    await screen.findByTestId('consent-notice');
    expect(privacyCalls(fetch)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'refused' }));
    await waitFor(() => expect(privacyCalls(fetch)).toHaveLength(2));
  });
});
