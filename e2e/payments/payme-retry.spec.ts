import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, uniquePhone } from '../fixtures';
import { PAYME_DESK, STAND_IN_URL, readCheckout, startPaymeStandIn } from './payme-stand-in';

let standIn: Server;
test.beforeAll(async () => {
  standIn = await startPaymeStandIn();
});
test.afterAll(async () => {
  await new Promise((resolve) => standIn.close(resolve));
});

/** Payme's servers calling the shop with the cash desk's key. */
async function paymeCalls(request: APIRequestContext, method: string, params: object) {
  const response = await request.post('/api/payments/payme', {
    headers: { authorization: `Basic ${Buffer.from(`Paycom:${PAYME_DESK.key}`).toString('base64')}` },
    data: { jsonrpc: '2.0', id: Date.now(), method, params },
  });
  const body = (await response.json()) as { result?: Record<string, unknown>; error?: unknown };
  expect(body.error, `${method} answered an error`).toBeUndefined();
  return body.result!;
}

test('a declined Payme card keeps the order: pay again → paid, with the fiscal receipt link', async ({
  page,
  request,
}) => {
  const found = await request.get('/api/products?search=kreslo&limit=1');
  const chair = ((await found.json()) as { docs: { _id: string; color: string[] }[] }).docs[0]!;
  const placed = await request.post('/api/orders', {
    data: {
      customerName: 'Dilnoza Saidova',
      phoneNumber: uniquePhone(),
      items: [{ productId: chair._id, quantity: 1, color: chair.color[0] ?? '' }],
      paymentMethod: 'payme',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { _id: string; orderKey: string; total: number };
  const account = { order_id: order._id };
  const amount = order.total * 100;

  // The first card is declined: Payme opens a transaction, then cancels it.
  const declined = randomBytes(12).toString('hex');
  await paymeCalls(request, 'CreateTransaction', { id: declined, time: Date.now(), amount, account });
  await paymeCalls(request, 'CancelTransaction', { id: declined, reason: 2 });

  await page.goto(`/order-confirmation?order=${order._id}&key=${order.orderKey}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Payment failed');
  await expect(page.getByTestId('payment-note')).toContainText('your order is kept');
  await expect(page.getByRole('button', { name: 'Pay in cash on delivery' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Pay again: a fresh checkout on Payme's page for the same order and amount.
  await page.getByRole('button', { name: 'Pay again' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN_URL}/`));
  const checkout = readCheckout(new URL(page.url()).pathname.split('/').pop()!)!;
  expect(checkout).toMatchObject({ orderId: order._id, amount });

  const paid = randomBytes(12).toString('hex');
  await paymeCalls(request, 'CreateTransaction', { id: paid, time: Date.now(), amount, account });
  expect((await paymeCalls(request, 'PerformTransaction', { id: paid })).state).toBe(2);
  const receiptUrl = `https://ofd.soliq.uz/check?t=EP000000000025&r=${Date.now()}&c=20261126&s=800031554082`;
  await paymeCalls(request, 'SetFiscalData', {
    id: paid,
    type: 'PERFORM',
    fiscal_data: { receipt_id: 7, status_code: 0, message: 'accepted', qr_code_url: receiptUrl },
  });

  await page.getByRole('link', { name: 'Return to the shop' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('receipt-link')).toHaveAttribute('href', receiptUrl);
  await expect(page.getByTestId('payment-retry')).toHaveCount(0);
});
