import { expect, test, uniquePhone } from '../fixtures';
import { codesSentTo, enterCode } from '../sms';
import { toast } from './helpers';

/**
 * Verified phones end to end, with the code as the shop's log provider "sent" it: sign up with a
 * code, log out, reset the password with another, and open a phone's orders with a third.
 */
test('sign up with a code, log out, reset the password, look up orders with a code', async ({
  page,
}, testInfo) => {
  test.slow();
  const phone = uniquePhone();

  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Sardor Tursunov');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('first-pass1');
  await page.getByLabel('Confirm password').fill('first-pass1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  await page.getByLabel('Code from the SMS').fill('000000');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'The code is wrong or has expired. Ask for a new one.',
  );
  await enterCode(page, testInfo, phone);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A signed-in customer with a verified phone sees their orders without a code.
  const product = await page.request.get('/api/products?limit=1');
  const { docs } = (await product.json()) as { docs: { _id: string; price: number; color: string[] }[] };
  const placed = await page.request.post('/api/orders', {
    data: {
      customerName: 'Sardor Tursunov',
      phoneNumber: phone,
      items: [{ productId: docs[0]!._id, quantity: 1, color: docs[0]!.color[0], price: docs[0]!.price }],
      totalAmount: docs[0]!.price,
    },
  });
  expect(placed.status()).toBe(201);
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: /Order history \(1 order\)/ })).toBeVisible();

  await page.getByRole('button', { name: /Sardor Tursunov/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await enterCode(page, testInfo, phone, 1);
  await page.getByLabel('New password').fill('second-pass2');
  await page.getByLabel('Confirm password').fill('second-pass2');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(toast(page).filter({ hasText: 'Your password is changed' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sardor Tursunov/ })).toBeVisible();
  // The old password no longer opens the account.
  const oldLogin = await page.request.post('/api/auth/login', {
    data: { phoneNumber: phone, password: 'first-pass1' },
  });
  expect(oldLogin.status()).toBe(401);

  // A guest (another browser) needs the code sent to the phone to see its orders.
  const guest = await page.context().browser()!.newPage();
  await guest.goto(new URL('/portfolio', page.url()).toString());
  await guest.getByLabel('Phone number').fill(phone);
  const before = codesSentTo(testInfo, phone).length;
  await guest.getByRole('button', { name: 'Find my orders' }).click();
  await enterCode(guest, testInfo, phone, before);
  await guest.getByRole('button', { name: 'Show my orders' }).click();
  await expect(guest.getByRole('heading', { name: /Order history \(1 order\)/ })).toBeVisible();
  // A reload keeps the orders open (the code stays valid 30 minutes).
  await guest.reload();
  await expect(guest.getByRole('heading', { name: /Order history \(1 order\)/ })).toBeVisible();
  await guest.close();
});
