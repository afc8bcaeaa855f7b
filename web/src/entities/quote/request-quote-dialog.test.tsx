import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequestQuoteDialog } from './request-quote-dialog';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { TEST_PRIVACY } from '../../testing/factories';

const line = { productId: 'abcdef0123456789abcdef01', color: 'oq', quantity: 40, name: 'Maktab partasi' };

describe('RequestQuoteDialog', () => {
  it('shows the privacy notice by its button and sends the request with the consent to the text shown', async () => {
    const bodies: unknown[] = [];
    mockFetch(
      (_url, init) => {
        bodies.push(init.body);
        return jsonResponse({ _id: '0123456789abcdef01a2b3c4', key: 'quote-key' }, 201);
      },
      undefined,
      false,
      TEST_PRIVACY,
    );
    await renderWithProviders(<RequestQuoteDialog open onClose={() => {}} lines={[line]} />);
    expect(await screen.findByTestId('consent-notice')).toHaveTextContent(
      'By sending the request you agree to the processing of your personal data',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Aziz Karimov');
    await user.type(screen.getByLabelText('Phone number'), '901234567');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ consent: true, consentVersion: TEST_PRIVACY.version });
  });
});
