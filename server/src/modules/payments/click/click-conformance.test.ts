import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickFiscalOutbox, paymentTransactions, staffAlerts } from '../../../db/schema.js';
import { buildTestShop, createUser, insertProduct, type TestShop, stockOf } from '../../../test/test-app.js';
import {
  CLICK,
  FakeClock,
  HOUR_MS,
  PAYME,
  click,
  clickFields,
  newClickTransId,
  orderRow,
  payme,
  paymeAuth,
  paymentState,
  placeOrder,
  transactionsOf,
} from '../../../test/payment-test-kit.js';

/*
 * The scenarios Click's merchant test tool plays, against the real routes: signature, amount,
 * prepare then complete, complete without prepare, repeats, cancellation.
 */

const PRICE = 240_000;
const AMOUNT = String(PRICE);

let shop: TestShop;
const clock = new FakeClock();
let productId: string;

beforeAll(async () => {
  shop = await buildTestShop({ payments: { payme: PAYME, click: CLICK }, clock });
  productId = (await insertProduct(shop, { price: PRICE, stock: 1000 })).id;
});
afterAll(() => shop.close());

const clickOrder = (quantity = 1) => placeOrder(shop, productId, 'click', quantity);

const reversalsOf = (orderId: string) =>
  shop.database.db
    .select()
    .from(clickFiscalOutbox)
    .where(and(eq(clickFiscalOutbox.orderId, orderId), eq(clickFiscalOutbox.kind, 'reversal')));
const alertsOf = async (orderId: string) =>
  (await shop.database.db.select().from(staffAlerts).where(eq(staffAlerts.orderId, orderId))).map(
    (alert) => alert.kind,
  );

async function prepared(orderId: string, amount = AMOUNT) {
  const click_trans_id = newClickTransId();
  const reply = await click(shop, 'prepare', { click_trans_id, merchant_trans_id: orderId, amount });
  expect(reply.error, reply.error_note).toBe(0);
  return { click_trans_id, merchant_prepare_id: String(reply.merchant_prepare_id) };
}

describe('Click: signature and request', () => {
  it('refuses a bad signature (-1) on both steps and changes nothing', async () => {
    const order = await clickOrder();
    const click_trans_id = newClickTransId();
    for (const sign_string of [
      '0'.repeat(32),
      'not-a-signature',
      clickFields('prepare', {
        click_trans_id,
        merchant_trans_id: order._id,
        amount: '1',
      }).sign_string!,
    ]) {
      const reply = await click(shop, 'prepare', {
        click_trans_id,
        merchant_trans_id: order._id,
        amount: AMOUNT,
        sign_string,
      });
      expect(reply).toMatchObject({ http: 200, error: -1, error_note: 'SIGN CHECK FAILED!' });
    }
    // Signed with another secret, or for another service.
    const forged = clickFields('prepare', { click_trans_id, merchant_trans_id: order._id, amount: AMOUNT });
    const { createHash } = await import('node:crypto');
    forged.sign_string = createHash('md5')
      .update(`${click_trans_id}${CLICK.serviceId}other-secret${order._id}${AMOUNT}0${forged.sign_time}`)
      .digest('hex');
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/click/prepare',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(forged).toString(),
    });
    expect(response.json().error).toBe(-1);
    const otherService = await click(shop, 'prepare', {
      click_trans_id,
      merchant_trans_id: order._id,
      amount: AMOUNT,
      service_id: '99999',
    });
    expect(otherService.error).toBe(-1);
    const prepare = await prepared(order._id);
    const forgedComplete = await click(shop, 'complete', {
      ...prepare,
      merchant_trans_id: order._id,
      amount: AMOUNT,
      sign_string: '1'.repeat(32),
    });
    expect(forgedComplete.error).toBe(-1);
    expect((await orderRow(shop, order._id)).paymentStatus).toBe('pending');
    expect((await transactionsOf(shop, order._id)).map((row) => row.state)).toEqual([1]);
  });

  it('answers a request with fields missing or malformed with -8, as HTTP 200 JSON', async () => {
    const order = await clickOrder();
    const full = clickFields('prepare', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: order._id,
      amount: AMOUNT,
    });
    for (const missing of ['click_trans_id', 'service_id', 'amount', 'action', 'sign_time', 'sign_string']) {
      const { [missing]: _dropped, ...rest } = full;
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/click/prepare',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(rest).toString(),
      });
      expect(response.statusCode, missing).toBe(200);
      expect(response.json(), missing).toMatchObject({ error: -8 });
    }
    const broken = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/click/complete',
      headers: { 'content-type': 'application/json' },
      payload: '{"click_trans_id": ',
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toEqual({ error: -8, error_note: 'Error in request from click' });
    // Complete without merchant_prepare_id is incomplete.
    const noPrepareId = await click(shop, 'complete', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: order._id,
      amount: AMOUNT,
    });
    expect(noPrepareId.error).toBe(-8);
  });

  it('reads the same fields as JSON', async () => {
    const order = await clickOrder();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/click/prepare',
      payload: clickFields('prepare', {
        click_trans_id: newClickTransId(),
        merchant_trans_id: order._id,
        amount: AMOUNT,
      }),
    });
    expect(response.json()).toMatchObject({ error: 0, merchant_prepare_id: expect.any(Number) });
  });

  it('refuses the wrong action for each step (-3)', async () => {
    const order = await clickOrder();
    const reply = await click(shop, 'prepare', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: order._id,
      amount: AMOUNT,
      action: '1',
    });
    expect(reply.error).toBe(-3);
    const prepare = await prepared(order._id);
    const wrong = await click(shop, 'complete', {
      ...prepare,
      merchant_trans_id: order._id,
      amount: AMOUNT,
      action: '0',
    });
    expect(wrong.error).toBe(-3);
  });
});

describe('Click: prepare', () => {
  it('refuses a wrong amount (-2) and an unknown order (-5)', async () => {
    const order = await clickOrder();
    for (const amount of [String(PRICE - 1), String(PRICE * 2), '0', `${PRICE}.50`]) {
      const reply = await click(shop, 'prepare', {
        click_trans_id: newClickTransId(),
        merchant_trans_id: order._id,
        amount,
      });
      expect(reply.error, amount).toBe(-2);
    }
    for (const merchant_trans_id of ['0123456789abcdef01234567', 'order-1']) {
      const reply = await click(shop, 'prepare', {
        click_trans_id: newClickTransId(),
        merchant_trans_id,
        amount: AMOUNT,
      });
      expect(reply.error).toBe(-5);
    }
    expect(await transactionsOf(shop, order._id)).toEqual([]);
  });

  it('prepares (pending), answers a repeat with the same merchant_prepare_id, and reads 240000.00 as 240000', async () => {
    const order = await clickOrder();
    const click_trans_id = newClickTransId();
    const first = await click(shop, 'prepare', {
      click_trans_id,
      merchant_trans_id: order._id,
      amount: `${AMOUNT}.00`,
    });
    expect(first).toEqual({
      http: 200,
      click_trans_id: Number(click_trans_id),
      merchant_trans_id: order._id,
      merchant_prepare_id: expect.any(Number),
      error: 0,
      error_note: 'Success',
    });
    const again = await click(shop, 'prepare', {
      click_trans_id,
      merchant_trans_id: order._id,
      amount: AMOUNT,
    });
    expect(again.merchant_prepare_id).toBe(first.merchant_prepare_id);
    expect(await transactionsOf(shop, order._id)).toHaveLength(1);
    expect((await paymentState(shop, order)).payment.status).toBe('pending');
  });

  it('refuses a cash or Payme order (-5) and one Payme paid (-4)', async () => {
    const cash = await placeOrder(shop, productId, 'cash');
    const viaPayme = await placeOrder(shop, productId, 'payme');
    for (const order of [cash, viaPayme]) {
      const reply = await click(shop, 'prepare', {
        click_trans_id: newClickTransId(),
        merchant_trans_id: order._id,
        amount: AMOUNT,
      });
      expect(reply.error).toBe(-5);
    }
    const id = 'a1b2c3d4e5f60718293a4b5c';
    await payme(
      shop,
      'CreateTransaction',
      {
        id,
        time: clock.now().getTime(),
        amount: PRICE * 100,
        account: { order_id: viaPayme._id },
      },
      paymeAuth(),
    );
    await payme(shop, 'PerformTransaction', { id });
    const afterPayme = await click(shop, 'prepare', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: viaPayme._id,
      amount: AMOUNT,
    });
    expect(afterPayme.error).toBe(-4);
  });
});

describe('Click: complete', () => {
  it('completes a prepared payment: the order is paid, and a repeated complete is -4 (already paid)', async () => {
    const order = await clickOrder();
    const prepare = await prepared(order._id);
    clock.advance(30_000);
    const done = await click(shop, 'complete', { ...prepare, merchant_trans_id: order._id, amount: AMOUNT });
    expect(done).toEqual({
      http: 200,
      click_trans_id: Number(prepare.click_trans_id),
      merchant_trans_id: order._id,
      merchant_confirm_id: Number(prepare.merchant_prepare_id),
      error: 0,
      error_note: 'Success',
    });
    const paidAt = clock.now().toISOString();
    clock.advance(30_000);
    const again = await click(shop, 'complete', { ...prepare, merchant_trans_id: order._id, amount: AMOUNT });
    expect(again).toMatchObject({ error: -4, error_note: 'Already paid' });
    expect((await paymentState(shop, order)).payment).toEqual({
      method: 'click',
      status: 'paid',
      paidAt,
    });
    const [row] = await shop.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.providerTransactionId, prepare.click_trans_id));
    expect(row).toMatchObject({ state: 2, amount: PRICE * 100, performedAt: new Date(paidAt) });
  });

  it('refuses complete without prepare (-6), with a wrong prepare id (-6) or a wrong amount (-2)', async () => {
    const order = await clickOrder();
    const unknown = await click(shop, 'complete', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: order._id,
      amount: AMOUNT,
      merchant_prepare_id: '1',
    });
    expect(unknown.error).toBe(-6);
    const prepare = await prepared(order._id);
    const wrongId = await click(shop, 'complete', {
      ...prepare,
      merchant_prepare_id: String(Number(prepare.merchant_prepare_id) + 1000),
      merchant_trans_id: order._id,
      amount: AMOUNT,
    });
    expect(wrongId.error).toBe(-6);
    const wrongAmount = await click(shop, 'complete', {
      ...prepare,
      merchant_trans_id: order._id,
      amount: '1000',
    });
    expect(wrongAmount.error).toBe(-2);
    expect((await orderRow(shop, order._id)).paymentStatus).toBe('pending');
  });

  it('closes the payment when Click reports a failure (-9): the order waits as failed, its stock held', async () => {
    const before = await stockOf(shop, productId);
    const order = await clickOrder(2);
    const amount = String(2 * PRICE);
    const prepare = await prepared(order._id, amount);
    const failed = await click(shop, 'complete', {
      ...prepare,
      merchant_trans_id: order._id,
      amount,
      error: '-5017',
    });
    expect(failed).toMatchObject({ error: -9, error_note: 'Transaction cancelled' });
    expect(await stockOf(shop, productId)).toBe(before - 2);
    expect(await paymentState(shop, order)).toMatchObject({
      status: 'new',
      payment: { status: 'failed' },
    });
    // Repeats on the closed transaction stay cancelled; a fresh payment may start.
    expect((await click(shop, 'complete', { ...prepare, merchant_trans_id: order._id, amount })).error).toBe(
      -9,
    );
    const repeatPrepare = { click_trans_id: prepare.click_trans_id, merchant_trans_id: order._id, amount };
    expect((await click(shop, 'prepare', repeatPrepare)).error).toBe(-9);
    const fresh = await click(shop, 'prepare', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: order._id,
      amount,
    });
    expect(fresh.error).toBe(0);
    expect(await stockOf(shop, productId)).toBe(before - 2);
  });

  it("answers -9 to a prepare carrying Click's own failure, and holds nothing", async () => {
    const order = await clickOrder();
    const reply = await click(shop, 'prepare', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: order._id,
      amount: AMOUNT,
      error: '-5017',
    });
    expect(reply).toMatchObject({ error: -9, error_note: 'Transaction cancelled' });
    expect(await transactionsOf(shop, order._id)).toEqual([]);
    expect((await paymentState(shop, order)).payment.status).toBe('unpaid');
  });

  it('completes (0) for an order staff cancelled after prepare, takes nothing and queues the reversal', async () => {
    const manager = await createUser(shop, 'manager');
    const before = await stockOf(shop, productId);
    const order = await clickOrder(3);
    const amount = String(3 * PRICE);
    const prepare = await prepared(order._id, amount);
    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: manager.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const reply = await click(shop, 'complete', { ...prepare, merchant_trans_id: order._id, amount });
    // Click documents that a complete after its charge may not answer an error for the shop's reasons.
    expect(reply.error).toBe(0);
    expect(await paymentState(shop, order)).toMatchObject({
      status: 'cancelled',
      payment: { status: 'cancelled', paidAt: null },
    });
    expect(await stockOf(shop, productId)).toBe(before);
    expect(await reversalsOf(order._id)).toHaveLength(1);
    expect(await alertsOf(order._id)).toContain('paymentReversed');
  });

  it('lets one of two prepared payments pay; the other completes (0), is not taken, and is given back', async () => {
    const order = await clickOrder();
    const first = await prepared(order._id);
    const second = await prepared(order._id);
    expect(
      (await click(shop, 'complete', { ...first, merchant_trans_id: order._id, amount: AMOUNT })).error,
    ).toBe(0);
    const late = await click(shop, 'complete', { ...second, merchant_trans_id: order._id, amount: AMOUNT });
    expect(late.error).toBe(0);
    const states = (await transactionsOf(shop, order._id)).map((row) => row.state).sort();
    expect(states).toEqual([-1, 2]);
    expect(await reversalsOf(order._id)).toHaveLength(1);
    expect(await alertsOf(order._id)).toContain('paymentReversed');
  });

  it('completes (0) after the order ran out of time to pay, cancels it and gives the money back', async () => {
    const before = await stockOf(shop, productId);
    const order = await clickOrder();
    const prepare = await prepared(order._id);
    clock.advance(12 * HOUR_MS);
    const reply = await click(shop, 'complete', { ...prepare, merchant_trans_id: order._id, amount: AMOUNT });
    expect(reply.error).toBe(0);
    expect(await stockOf(shop, productId)).toBe(before);
    expect((await orderRow(shop, order._id)).status).toBe('cancelled');
    expect(await reversalsOf(order._id)).toHaveLength(1);
  });
});
