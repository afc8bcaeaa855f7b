import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, apiLogin, expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { PAYME_DESK, STAND_IN_URL, readCheckout, startPaymeStandIn } from './payme-stand-in';

let standIn: Server;
test.beforeAll(async () => {
  standIn = await startPaymeStandIn();
});
test.afterAll(async () => {
  await new Promise((resolve) => standIn.close(resolve));
});

/** What Payme's servers do: JSON-RPC to the shop's endpoint with the cash desk's key. */
async function paymeCalls(request: APIRequestContext, method: string, params: object) {
  const response = await request.post('/api/payments/payme', {
    headers: { authorization: `Basic ${Buffer.from(`Paycom:${PAYME_DESK.key}`).toString('base64')}` },
    data: { jsonrpc: '2.0', id: Date.now(), method, params },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { result?: Record<string, unknown>; error?: unknown };
  expect(body.error, `${method} answered an error`).toBeUndefined();
  return body.result!;
}

test('a guest pays with Payme: checkout → Payme’s page → back to a confirmation that turns paid', async ({
  page,
  request,
}) => {
  // The chair from the demo catalogue, in black, two of them.
  const found = await request.get('/api/products?search=kreslo&limit=1');
  const chair = ((await found.json()) as { docs: { _id: string }[] }).docs[0]!;
  await page.goto(`/product/${chair._id}`);
  await page.getByText('Black', { exact: true }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  const total = (await page.getByTestId('cart-total').textContent())!;

  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Full name').fill('Aziz Karimov');
  await dialog.getByLabel('Phone number').fill(uniquePhone());
  const methods = dialog.getByRole('group', { name: 'Payment method' });
  await expect(methods.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await methods.getByRole('radio', { name: /Payme/ }).check();
  await dialog.getByRole('button', { name: 'Go to payment' }).click();

  // On the provider's page: the shop's merchant, this order, the total in tiyin, the way back.
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN_URL}/`));
  const checkout = readCheckout(new URL(page.url()).pathname.split('/').pop()!)!;
  expect(checkout.merchantId).toBe(PAYME_DESK.merchantId);
  expect(checkout.amount).toBe(Number(total.replace(/\D/g, '')) * 100);
  // The way back carries the order key, so the guest's page opens (and reopens) without a sign-in.
  expect(checkout.returnUrl).toMatch(
    new RegExp(`/order-confirmation\\?order=${checkout.orderId}&key=[A-Za-z0-9_-]{22}$`),
  );
  await expect(page.getByTestId('order-id')).toHaveText(checkout.orderId);

  // Payme asks the shop, then opens a transaction for the shopper's card.
  const account = { order_id: checkout.orderId };
  // The answer carries the fiscal receipt's lines (the demo chair's example MXIK code).
  expect(
    await paymeCalls(request, 'CheckPerformTransaction', { amount: checkout.amount, account }),
  ).toMatchObject({
    allow: true,
    detail: { receipt_type: 0, items: [{ count: 2, code: expect.stringMatching(/^\d{17}$/) }] },
  });
  const transaction = randomBytes(12).toString('hex');
  const created = await paymeCalls(request, 'CreateTransaction', {
    id: transaction,
    time: Date.now(),
    amount: checkout.amount,
    account,
  });
  expect(created.state).toBe(1);

  // Back in the shop while Payme is still taking the money: the page says so and keeps asking.
  await page.getByRole('link', { name: 'Return to the shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?order=${checkout.orderId}&key=`));
  await expect(page.getByTestId('payment-status')).toHaveText('Payment in progress');
  await expect(page.getByTestId('order-number')).toHaveText(`#${checkout.orderId.slice(-6).toUpperCase()}`);
  await expect(page.getByRole('definition').filter({ hasText: /^Payme$/ })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  expect((await paymeCalls(request, 'PerformTransaction', { id: transaction })).state).toBe(2);
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('payment-note')).toContainText('Payment received');
  await expectNoSeriousA11yViolations(page);

  // The same page in Uzbek, and the back office's list filtered to paid Payme orders has it.
  await page.getByRole('banner').locator('select').first().selectOption('uz');
  await expect(page.getByTestId('payment-status')).toHaveText('Toʻlangan');
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const paid = await request.get('/api/orders?paymentMethod=payme&paymentStatus=paid', {
    headers: { authorization: `Bearer ${token}` },
  });
  const docs = ((await paid.json()) as { docs: { _id: string; payment: { status: string } }[] }).docs;
  expect(docs.map((order) => order._id)).toContain(checkout.orderId);
});
