import { expect, test } from '@playwright/test';
import { TOTP } from 'otpauth';
import { ADMIN, apiLogin, uniquePhone } from '../fixtures';
import { signInToBackOffice } from './admin-helpers';

/** What an authenticator app shows for the secret, `stepsAhead` 30-second steps from now. */
const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

test('staff sets up two-factor sign-in, signs out, and signs in again with the code', async ({
  page,
  request,
}) => {
  // Two sign-ins through the form, a setup and a sign-out: more than the default minute on a busy machine.
  test.slow();
  // An admin of its own: the shared first admin keeps signing in without a code in other journeys.
  const staff = { name: 'Sardor Ikki Bosqich', phone: uniquePhone(), password: 'walnut-shelf-bracket' };
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { fullName: staff.name, phoneNumber: staff.phone, password: staff.password, role: 'admin' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInToBackOffice(page, staff.phone, staff.password);
  await page.goto('/admin/security');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);

  await page.goto('/');
  await page.getByRole('button', { name: staff.name }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/login');
  await page.locator('input[type="tel"]').fill(staff.phone);
  await page.locator('input[type="password"]').fill(staff.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('form-error')).toContainText('6-digit code');
  // The code that confirmed the setup is spent; the next step's is taken (one step of drift).
  await page.getByLabel(/Sign-in code/).fill(appCode(secret, 1));
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard/ })).toBeVisible();

  // Without the code the password alone no longer opens the back office.
  const passwordOnly = await request.post('/api/auth/login', {
    data: { phoneNumber: staff.phone, password: staff.password },
  });
  expect(passwordOnly.status()).toBe(401);
  expect((await passwordOnly.json()).code).toBe('SECOND_FACTOR_REQUIRED');
});
