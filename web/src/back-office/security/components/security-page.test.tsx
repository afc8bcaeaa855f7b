import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { SecurityPage } from './security-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
const signedIn = { auth: { token: 'token', user: makeUser({ role: 'admin' }), isAuthenticated: true } };

describe('SecurityPage', () => {
  it('sets up two-factor sign-in: QR code and key, a code to confirm, the recovery codes once', async () => {
    let enabled = false;
    mockFetch((url, init) => {
      if (url.pathname === '/api/users/me/2fa' && init.method === 'GET')
        return jsonResponse({ enabled, required: true, recoveryCodesLeft: enabled ? 10 : 0 });
      if (url.pathname === '/api/users/me/2fa')
        return jsonResponse({
          secret: SECRET,
          otpauthUrl: `otpauth://totp/Mebel%20Shop:%2B998901234567?secret=${SECRET}&issuer=Mebel%20Shop`,
        });
      if ((init.body as { code: string }).code !== '123456')
        return jsonResponse({ message: 'wrong', code: 'SECOND_FACTOR_INVALID' }, 400);
      enabled = true;
      return jsonResponse({ recoveryCodes: CODES });
    });
    await renderWithProviders(<SecurityPage />, { preloadedState: signedIn });
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('requires two-factor sign-in');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET);
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // Beside the field and in a toast.
    expect(
      await screen.findAllByText("The code is wrong. Check your phone's clock and try the newest code."),
    ).not.toHaveLength(0);
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(CODES[0]!);
  });
});
