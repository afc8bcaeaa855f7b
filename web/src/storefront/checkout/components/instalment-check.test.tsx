import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InstalmentBuyer } from '@shop/common';
import { InstalmentCheck } from './instalment-check';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';

/** Uzum's answer through the shop's check, and the bodies the check was asked with. */
function uzumSays(answer: InstalmentBuyer | { status: 503 }) {
  const asked: unknown[] = [];
  mockFetch((url, init) => {
    asked.push(init.body);
    if ('status' in answer && answer.status === 503)
      return jsonResponse({ message: 'down', code: 'INSTALMENTS_UNAVAILABLE' }, 503);
    return jsonResponse(answer);
  });
  return asked;
}

async function renderCheck() {
  const chosen: (number | undefined)[] = [];
  await renderWithProviders(
    <InstalmentCheck
      phone="90 123 45 67"
      amount={1_000_000}
      months={undefined}
      onMonths={(m) => chosen.push(m)}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Check whether I can pay monthly' }));
  return chosen;
}

describe('InstalmentCheck', () => {
  it("offers a verified buyer Uzum's own plans, with totals and overpayments", async () => {
    const asked = uzumSays({
      status: 'verified',
      plans: [{ months: 12, monthly: 120_000, total: 1_440_000, overpayment: 440_000 }],
    });
    const chosen = await renderCheck();
    expect(asked).toContainEqual({ phoneNumber: '+998901234567', amount: 1_000_000 });
    await userEvent.click(
      await screen.findByRole('radio', {
        name: "12 months: 120 000 so'm a month, 1 440 000 so'm in all, overpayment 440 000 so'm",
      }),
    );
    expect(chosen).toContain(12);
  });

  it("sends an unregistered buyer to Uzum's registration page, with a way back", async () => {
    uzumSays({ status: 'register', registrationUrl: 'https://auth.uzumnasiya.test/?phone=998901234567' });
    await renderCheck();
    expect(await screen.findByRole('link', { name: 'Register with Uzum Nasiya' })).toHaveAttribute(
      'href',
      'https://auth.uzumnasiya.test/?phone=998901234567',
    );
    expect(screen.getByRole('button', { name: 'I have registered: check again' })).toBeEnabled();
  });

  it('tells a refused buyer clearly', async () => {
    uzumSays({ status: 'refused' });
    await renderCheck();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Uzum Nasiya cannot offer you instalments now',
    );
  });

  it('says when instalments are unavailable right now', async () => {
    uzumSays({ status: 503 });
    await renderCheck();
    expect(await screen.findByRole('alert')).toHaveTextContent('Instalments are unavailable right now');
  });

  it("shows Uzum's refusal in the shopper's language with Uzum's own words, not as an outage", async () => {
    mockFetch(() =>
      jsonResponse(
        {
          message: 'Uzum Nasiya refused: Номер телефона заблокирован',
          code: 'INSTALMENT_REFUSED',
          providerReason: 'Номер телефона заблокирован',
        },
        409,
      ),
    );
    await renderCheck();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Uzum Nasiya cannot offer you instalments now. Please choose another way to pay.',
    );
    expect(screen.getByTestId('uzum-reason')).toHaveTextContent(
      "Uzum Nasiya's reason: Номер телефона заблокирован",
    );
    expect(screen.queryByText(/unavailable right now/)).not.toBeInTheDocument();
  });

  it("asks for the phone's SMS code before Uzum is asked, and checks with it", async () => {
    const codes: unknown[] = [];
    const checks: (string | null)[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/auth/codes') {
        codes.push(init.body);
        return jsonResponse({ expiresIn: 300, retryAfter: 60 }, 202);
      }
      const code = init.headers.get('x-phone-code');
      checks.push(code);
      if (code !== '123456')
        return jsonResponse({ code: 'PHONE_CODE_REQUIRED', message: 'Enter the code' }, 401);
      return jsonResponse({
        status: 'verified',
        plans: [{ months: 6, monthly: 210_000, total: 1_260_000, overpayment: 260_000 }],
      });
    });
    await renderCheck();
    expect(codes).toEqual([{ phoneNumber: '+998901234567', purpose: 'orders', forInstalments: true }]);
    await userEvent.type(await screen.findByLabelText('Code from the SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Check with the code' }));
    expect(await screen.findByRole('radio', { name: /6 months/ })).toBeInTheDocument();
    expect(checks).toEqual([null, '123456']);
    expect(sessionStorage.getItem('instalment-phone-code')).toBe('123456');
  });
});
