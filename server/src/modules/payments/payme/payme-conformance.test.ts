import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema.js';
import { buildTestShop, insertProduct, type TestShop, stockOf } from '../../../test/test-app.js';
import {
  CLICK,
  FakeClock,
  HOUR_MS,
  PAYME,
  orderRow,
  payme,
  paymeAuth,
  paymentState,
  placeOrder,
  transactionsOf,
} from '../../../test/payment-test-kit.js';

/*
 * The scenarios of Payme's merchant sandbox, played against the real route: credentials, amounts,
 * accounts, create / perform / cancel with their repeats, check, statement, and the 12 hours.
 */

const PRICE = 150_000;
const TIYIN = PRICE * 100;

let shop: TestShop;
const clock = new FakeClock();
let productId: string;

beforeAll(async () => {
  shop = await buildTestShop({ payments: { payme: PAYME, click: CLICK }, clock });
  productId = (await insertProduct(shop, { price: PRICE, stock: 1000 })).id;
});
afterAll(() => shop.close());

let paymeIds = 0;
const newPaymeId = () => `6e0f0c${String((paymeIds += 1)).padStart(18, '0')}`;

async function paymeOrder(quantity = 1) {
  return placeOrder(shop, productId, 'payme', quantity);
}

const create = (orderId: string, id = newPaymeId(), amount = TIYIN, time = clock.now().getTime()) =>
  payme(shop, 'CreateTransaction', { id, time, amount, account: { order_id: orderId } });

describe('Payme: transport and credentials', () => {
  it('refuses wrong, missing and foreign credentials with -32504 before reading anything, as HTTP 200', async () => {
    const order = await paymeOrder();
    const params = { amount: TIYIN, account: { order_id: order._id } };
    for (const authorization of [
      null,
      paymeAuth('wrong-key'),
      paymeAuth(PAYME.secretKey, 'Payme'),
      `Bearer ${PAYME.secretKey}`,
      `Basic ${Buffer.from(PAYME.secretKey).toString('base64')}`,
      'Basic !!!',
    ]) {
      const reply = await payme(shop, 'CheckPerformTransaction', params, authorization);
      expect(reply.http).toBe(200);
      expect(reply.error?.code).toBe(-32504);
      expect(reply.error?.message).toEqual({
        uz: expect.any(String),
        ru: expect.any(String),
        en: expect.any(String),
      });
    }
    // A forged create changes nothing.
    const forged = await payme(
      shop,
      'CreateTransaction',
      { id: newPaymeId(), time: clock.now().getTime(), ...params },
      paymeAuth('forged'),
    );
    expect(forged.error?.code).toBe(-32504);
    expect(await transactionsOf(shop, order._id)).toEqual([]);
    expect((await orderRow(shop, order._id)).paymentStatus).toBe('unpaid');
  });

  it('answers broken JSON-RPC with Payme codes, all as HTTP 200', async () => {
    const post = (payload: string, headers: Record<string, string> = {}) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/payments/payme',
        headers: { authorization: paymeAuth(), 'content-type': 'application/json', ...headers },
        payload,
      });
    const cases: [string, number][] = [
      ['{"id": 1, "method": ', -32700],
      ['', -32700],
      ['[1, 2]', -32600],
      ['{"id": 7, "params": {}}', -32600],
      ['{"id": 7, "method": "CheckPerformTransaction"}', -32600],
      ['{"id": 7, "method": "PerformTransaction", "params": {"id": 42}}', -32600],
      ['{"id": 7, "method": "ChangePassword", "params": {}}', -32600],
      ['{"id": 7, "method": "SetFiscalData", "params": {"id": "x"}}', -32600],
      ['{"id": 7, "method": "toString", "params": {}}', -32601],
    ];
    for (const [payload, code] of cases) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(200);
      expect(response.json().error.code, payload).toBe(code);
    }
    // Payme may send another content type; the body is still read as JSON.
    const plain = await post('{"id": 9, "method": "CheckTransaction", "params": {"id": "none"}}', {
      'content-type': 'text/plain',
    });
    expect(plain.json()).toMatchObject({ id: 9, error: { code: -31003 } });

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await shop.app.inject({
        method,
        url: '/api/payments/payme',
        headers: { authorization: paymeAuth() },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().error.code).toBe(-32300);
    }
  });

  it('echoes the request id', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/payme',
      headers: { authorization: paymeAuth(), 'content-type': 'application/json' },
      payload: { id: 'abc-1', method: 'CheckTransaction', params: { id: 'missing' } },
    });
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: 'abc-1' });
  });
});

describe('Payme: CheckPerformTransaction', () => {
  it('allows a payable order at its total in tiyin', async () => {
    const order = await paymeOrder(2);
    const reply = await payme(shop, 'CheckPerformTransaction', {
      amount: 2 * TIYIN,
      account: { order_id: order._id },
    });
    expect(reply.result).toEqual({
      allow: true,
      detail: {
        receipt_type: 0,
        items: [
          {
            title: 'Test desk',
            price: TIYIN,
            count: 2,
            code: '09403001001000000',
            package_code: '1514296',
            vat_percent: 12,
          },
        ],
      },
    });
  });

  it('refuses a wrong amount (-31001) and an unknown order (-31050)', async () => {
    const order = await paymeOrder();
    for (const amount of [TIYIN - 100, TIYIN + 1, PRICE, 0, -TIYIN, TIYIN + 0.5]) {
      const reply = await payme(shop, 'CheckPerformTransaction', {
        amount,
        account: { order_id: order._id },
      });
      expect(reply.error?.code, String(amount)).toBe(-31001);
    }
    for (const account of [
      { order_id: '0123456789abcdef01234567' },
      { order_id: 'x' },
      { order_id: 5 },
      {},
    ]) {
      const reply = await payme(shop, 'CheckPerformTransaction', { amount: TIYIN, account });
      expect(reply.error).toMatchObject({ code: -31050, data: 'order_id' });
    }
  });

  it('refuses an order that is cash, Click, cancelled or paid (-31051)', async () => {
    const cash = await placeOrder(shop, productId, 'cash');
    const viaClick = await placeOrder(shop, productId, 'click');
    const paid = await paymeOrder();
    const id = newPaymeId();
    await create(paid._id, id);
    await payme(shop, 'PerformTransaction', { id });
    const cancelled = await paymeOrder();
    await shop.database.db
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'cancelled' })
      .where(eq(orders.id, cancelled._id));
    for (const order of [cash, viaClick, paid, cancelled]) {
      const reply = await payme(shop, 'CheckPerformTransaction', {
        amount: TIYIN,
        account: { order_id: order._id },
      });
      expect(reply.error?.code, order.payment.method).toBe(-31051);
    }
  });

  it('allows paying again an order whose earlier payment Payme cancelled (payment failed)', async () => {
    const failed = await paymeOrder();
    const cancelId = newPaymeId();
    await create(failed._id, cancelId);
    await payme(shop, 'CancelTransaction', { id: cancelId, reason: 3 });
    const params = { amount: TIYIN, account: { order_id: failed._id } };
    expect((await payme(shop, 'CheckPerformTransaction', params)).result?.allow).toBe(true);
    const again = newPaymeId();
    expect((await create(failed._id, again)).result?.state).toBe(1);
    expect((await payme(shop, 'PerformTransaction', { id: again })).result?.state).toBe(2);
    expect((await paymentState(shop, failed)).payment.status).toBe('paid');
  });
});

describe('Payme: create, perform, cancel, check', () => {
  it('creates a transaction (state 1), holds the order, and answers a repeat the same', async () => {
    const order = await paymeOrder();
    const id = newPaymeId();
    const first = await create(order._id, id);
    expect(first.result).toEqual({
      create_time: clock.now().getTime(),
      transaction: expect.stringMatching(/^\d+$/),
      state: 1,
    });
    clock.advance(5_000);
    const again = await create(order._id, id);
    expect(again.result).toEqual(first.result);
    expect(await transactionsOf(shop, order._id)).toHaveLength(1);
    expect((await paymentState(shop, order)).payment.status).toBe('pending');

    // Another transaction for the held order: -31051; for another amount or order: refused.
    expect((await create(order._id)).error?.code).toBe(-31051);
    expect((await create(order._id, id, TIYIN + 100)).error?.code).toBe(-31001);
    expect((await create((await paymeOrder())._id, id)).error?.code).toBe(-31050);
  });

  it('refuses create for a wrong amount, an unknown order, and a Payme time over 12 hours old', async () => {
    const order = await paymeOrder();
    expect((await create(order._id, newPaymeId(), TIYIN * 2)).error?.code).toBe(-31001);
    expect((await create('0123456789abcdef01234567')).error?.code).toBe(-31050);
    const stale = clock.now().getTime() - 12 * HOUR_MS;
    expect((await create(order._id, newPaymeId(), TIYIN, stale)).error?.code).toBe(-31008);
    expect(await transactionsOf(shop, order._id)).toEqual([]);
  });

  it('performs (state 2), marks the order paid, and answers a repeated perform the same', async () => {
    const order = await paymeOrder();
    const id = newPaymeId();
    const created = await create(order._id, id);
    clock.advance(60_000);
    const performed = await payme(shop, 'PerformTransaction', { id });
    expect(performed.result).toEqual({
      transaction: created.result!.transaction,
      perform_time: clock.now().getTime(),
      state: 2,
    });
    clock.advance(60_000);
    expect((await payme(shop, 'PerformTransaction', { id })).result).toEqual(performed.result);

    const state = await paymentState(shop, order);
    expect(state.payment).toEqual({
      method: 'payme',
      status: 'paid',
      paidAt: new Date(performed.result!.perform_time as number).toISOString(),
    });
    const checked = await payme(shop, 'CheckTransaction', { id });
    expect(checked.result).toEqual({
      create_time: created.result!.create_time,
      perform_time: performed.result!.perform_time,
      cancel_time: 0,
      transaction: created.result!.transaction,
      state: 2,
      reason: null,
    });
    expect((await payme(shop, 'PerformTransaction', { id: 'unknown' })).error?.code).toBe(-31003);
  });

  it('cancels before perform (state -1): the order waits as failed, its stock still held', async () => {
    const before = await stockOf(shop, productId);
    const order = await paymeOrder(3);
    expect(await stockOf(shop, productId)).toBe(before - 3);
    const id = newPaymeId();
    const created = await create(order._id, id, 3 * TIYIN);
    clock.advance(1_000);
    const cancelled = await payme(shop, 'CancelTransaction', { id, reason: 3 });
    expect(cancelled.result).toEqual({
      transaction: created.result!.transaction,
      cancel_time: clock.now().getTime(),
      state: -1,
    });
    clock.advance(1_000);
    expect((await payme(shop, 'CancelTransaction', { id, reason: 3 })).result).toEqual(cancelled.result);
    expect(await stockOf(shop, productId)).toBe(before - 3);
    expect(await paymentState(shop, order)).toMatchObject({
      status: 'new',
      payment: { status: 'failed', paidAt: null },
    });
    expect((await payme(shop, 'CheckTransaction', { id })).result).toMatchObject({
      perform_time: 0,
      cancel_time: cancelled.result!.cancel_time,
      state: -1,
      reason: 3,
    });
    // A cancelled transaction cannot be performed.
    expect((await payme(shop, 'PerformTransaction', { id })).error?.code).toBe(-31008);
    expect((await create(order._id, id, 3 * TIYIN)).error?.code).toBe(-31008);
  });

  it('cancels after perform (state -2): the payment is refunded, the order cancelled, the stock returned', async () => {
    const before = await stockOf(shop, productId);
    const order = await paymeOrder(2);
    const id = newPaymeId();
    await create(order._id, id, 2 * TIYIN);
    const performed = await payme(shop, 'PerformTransaction', { id });
    clock.advance(HOUR_MS);
    const cancelled = await payme(shop, 'CancelTransaction', { id, reason: 5 });
    expect(cancelled.result).toMatchObject({ cancel_time: clock.now().getTime(), state: -2 });
    expect((await payme(shop, 'CancelTransaction', { id, reason: 5 })).result).toEqual(cancelled.result);
    expect(await stockOf(shop, productId)).toBe(before);
    expect(await paymentState(shop, order)).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded' },
    });
    expect((await payme(shop, 'CheckTransaction', { id })).result).toMatchObject({
      perform_time: performed.result!.perform_time,
      cancel_time: cancelled.result!.cancel_time,
      state: -2,
      reason: 5,
    });
    expect((await payme(shop, 'PerformTransaction', { id })).error?.code).toBe(-31008);
  });

  it('will not cancel a paid order already handed over (-31007)', async () => {
    const order = await paymeOrder();
    const id = newPaymeId();
    await create(order._id, id);
    await payme(shop, 'PerformTransaction', { id });
    await shop.database.db.update(orders).set({ status: 'ordered' }).where(eq(orders.id, order._id));
    const reply = await payme(shop, 'CancelTransaction', { id, reason: 5 });
    expect(reply.error?.code).toBe(-31007);
    expect((await payme(shop, 'CheckTransaction', { id })).result?.state).toBe(2);
  });

  it('answers -31003 for transactions it never created', async () => {
    for (const method of ['PerformTransaction', 'CancelTransaction', 'CheckTransaction']) {
      const reply = await payme(shop, method, { id: newPaymeId(), reason: 1 });
      expect(reply.error?.code, method).toBe(-31003);
    }
  });
});

describe('Payme: the 12-hour timeout', () => {
  it('refuses to perform a transaction older than 12 hours, cancelling it (reason 4) and the order', async () => {
    const before = await stockOf(shop, productId);
    const order = await paymeOrder();
    const id = newPaymeId();
    await create(order._id, id);
    clock.advance(12 * HOUR_MS + 1);
    const reply = await payme(shop, 'PerformTransaction', { id });
    expect(reply.error?.code).toBe(-31008);
    expect((await payme(shop, 'CheckTransaction', { id })).result).toMatchObject({
      state: -1,
      reason: 4,
      cancel_time: clock.now().getTime(),
    });
    // The order's own time to pay (PAYMENT_TIMEOUT_MINUTES, 720 here) ran out with it.
    expect(await paymentState(shop, order)).toMatchObject({
      status: 'cancelled',
      payment: { status: 'cancelled' },
    });
    expect(await stockOf(shop, productId)).toBe(before);
  });

  it('performs a transaction at 11 h 59 min', async () => {
    const order = await paymeOrder();
    const id = newPaymeId();
    await create(order._id, id);
    clock.advance(12 * HOUR_MS - 60_000);
    expect((await payme(shop, 'PerformTransaction', { id })).result?.state).toBe(2);
  });

  it('refuses a repeated create of an expired transaction', async () => {
    const order = await paymeOrder();
    const id = newPaymeId();
    await create(order._id, id);
    clock.advance(12 * HOUR_MS + 1);
    expect((await create(order._id, id)).error?.code).toBe(-31008);
    expect((await payme(shop, 'CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 4 });
  });
});

describe('Payme: GetStatement', () => {
  it("lists Payme's transactions whose Payme time is in [from, to], with their states", async () => {
    const start = clock.now().getTime() + 10 * HOUR_MS;
    clock.advance(10 * HOUR_MS);
    const ids = [newPaymeId(), newPaymeId(), newPaymeId()];
    const orderIds: string[] = [];
    for (const [index, id] of ids.entries()) {
      const order = await paymeOrder();
      orderIds.push(order._id);
      await create(order._id, id, TIYIN, start + index * 1000);
    }
    await payme(shop, 'PerformTransaction', { id: ids[0] });
    await payme(shop, 'CancelTransaction', { id: ids[1], reason: 3 });

    const statement = await payme(shop, 'GetStatement', { from: start, to: start + 1000 });
    expect(statement.result).toEqual({
      transactions: [
        expect.objectContaining({
          id: ids[0],
          time: start,
          amount: TIYIN,
          account: { order_id: orderIds[0] },
          state: 2,
          perform_time: clock.now().getTime(),
          cancel_time: 0,
          reason: null,
        }),
        expect.objectContaining({
          id: ids[1],
          time: start + 1000,
          account: { order_id: orderIds[1] },
          state: -1,
          perform_time: 0,
          reason: 3,
        }),
      ],
    });
    const all = await payme(shop, 'GetStatement', { from: start, to: start + 2000 });
    expect((all.result!.transactions as unknown[]).length).toBe(3);
    const none = await payme(shop, 'GetStatement', { from: start + 5000, to: start + 9000 });
    expect(none.result).toEqual({ transactions: [] });
    expect((await payme(shop, 'GetStatement', { from: 'yesterday', to: start })).error?.code).toBe(-32600);
  });
});

describe('Payme and Click on one order', () => {
  it('never lets Payme pay an order that Click holds or paid', async () => {
    const order = await placeOrder(shop, productId, 'click');
    expect((await create(order._id)).error?.code).toBe(-31051);
  });
});
