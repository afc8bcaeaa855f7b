import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { buildTestShop, createUser, insertProduct, type TestShop, stockOf } from '../../test/test-app.js';
import {
  CLICK,
  FakeClock,
  HOUR_MS,
  PAYME,
  orderRow,
  payme,
  paymentState,
  placeOrder,
} from '../../test/payment-test-kit.js';

/** PAYMENT_TIMEOUT_MINUTES: an online order with no payment in time is cancelled and its stock returned. */

const PRICE = 90_000;
const MINUTE_MS = 60_000;

describe('the payment sweep (timeout 30 minutes)', () => {
  let shop: TestShop;
  let productId: string;
  const clock = new FakeClock();
  const sweep = () => shop.app.services.payments.sweep.run();

  beforeAll(async () => {
    shop = await buildTestShop({ payments: { payme: PAYME, click: CLICK, timeoutMinutes: 30 }, clock });
    productId = (await insertProduct(shop, { price: PRICE, stock: 100 })).id;
  });
  afterAll(() => shop.close());

  it('cancels an unpaid online order past its time, returning its stock once', async () => {
    await sweep();
    const stock = await stockOf(shop, productId);
    const order = await placeOrder(shop, productId, 'click', 3);
    expect((await orderRow(shop, order._id)).paymentDueAt).toEqual(
      new Date(clock.now().getTime() + 30 * MINUTE_MS),
    );

    clock.advance(30 * MINUTE_MS - 1);
    expect(await sweep()).toEqual({ ordersCancelled: 0, transactionsClosed: 0 });
    expect(await stockOf(shop, productId)).toBe(stock - 3);

    clock.advance(1);
    expect(await sweep()).toEqual({ ordersCancelled: 1, transactionsClosed: 0 });
    expect(await stockOf(shop, productId)).toBe(stock);
    expect(await paymentState(shop, order._id)).toMatchObject({
      status: 'cancelled',
      payment: { status: 'cancelled' },
    });
    expect((await paymentState(shop, order._id)).payment.checkoutUrl).toBeUndefined();
    expect(await sweep()).toEqual({ ordersCancelled: 0, transactionsClosed: 0 });
    expect(await stockOf(shop, productId)).toBe(stock);
  });

  it('closes the open transaction of an order it cancels, so Payme cannot perform it', async () => {
    const order = await placeOrder(shop, productId, 'payme');
    const id = 'b'.repeat(24);
    await payme(shop, 'CreateTransaction', {
      id,
      time: clock.now().getTime(),
      amount: PRICE * 100,
      account: { order_id: order._id },
    });
    clock.advance(31 * MINUTE_MS);
    await sweep();
    expect((await payme(shop, 'CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 4 });
    expect((await payme(shop, 'PerformTransaction', { id })).error?.code).toBe(-31008);
  });

  it('leaves cash orders, paid orders and orders staff moved on', async () => {
    const manager = await createUser(shop, 'manager');
    const cash = await placeOrder(shop, productId, 'cash');
    const moved = await placeOrder(shop, productId, 'click');
    await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${moved._id}`,
      headers: manager.headers,
      payload: { status: 'ordered' },
    });
    const paid = await placeOrder(shop, productId, 'payme');
    const id = 'c'.repeat(24);
    await payme(shop, 'CreateTransaction', {
      id,
      time: clock.now().getTime(),
      amount: PRICE * 100,
      account: { order_id: paid._id },
    });
    await payme(shop, 'PerformTransaction', { id });
    clock.advance(10 * HOUR_MS);
    await sweep();
    for (const order of [cash, moved, paid])
      expect((await orderRow(shop, order._id)).status).not.toBe('cancelled');
  });

  it('refuses a provider that arrives after the time, even before a sweep ran', async () => {
    const stock = await stockOf(shop, productId);
    const order = await placeOrder(shop, productId, 'payme');
    clock.advance(31 * MINUTE_MS);
    const reply = await payme(shop, 'CreateTransaction', {
      id: 'd'.repeat(24),
      time: clock.now().getTime(),
      amount: PRICE * 100,
      account: { order_id: order._id },
    });
    expect(reply.error?.code).toBe(-31051);
    expect((await orderRow(shop, order._id)).status).toBe('cancelled');
    expect(await stockOf(shop, productId)).toBe(stock);
  });
});

describe('Payme transactions past 12 hours on an order with a longer time to pay (24 hours)', () => {
  let shop: TestShop;
  let productId: string;
  const clock = new FakeClock();

  beforeAll(async () => {
    shop = await buildTestShop({ payments: { payme: PAYME, timeoutMinutes: 24 * 60 }, clock });
    productId = (await insertProduct(shop, { price: PRICE, stock: 100 })).id;
  });
  afterAll(() => shop.close());

  it('closes the transaction (reason 4) and lets the order be paid again', async () => {
    const stock = await stockOf(shop, productId);
    const order = await placeOrder(shop, productId, 'payme');
    const create = (id: string) =>
      payme(shop, 'CreateTransaction', {
        id,
        time: clock.now().getTime(),
        amount: PRICE * 100,
        account: { order_id: order._id },
      });
    await create('e'.repeat(24));
    clock.advance(12 * HOUR_MS + 1);
    expect(await shop.app.services.payments.sweep.run()).toEqual({
      ordersCancelled: 0,
      transactionsClosed: 1,
    });
    expect((await payme(shop, 'CheckTransaction', { id: 'e'.repeat(24) })).result).toMatchObject({
      state: -1,
      reason: 4,
    });
    expect((await paymentState(shop, order._id)).payment.status).toBe('unpaid');
    expect(await stockOf(shop, productId)).toBe(stock - 1);
    expect((await create('f'.repeat(24))).result?.state).toBe(1);
    expect((await payme(shop, 'PerformTransaction', { id: 'f'.repeat(24) })).result?.state).toBe(2);
  });
});

describe('the sweep timer', () => {
  it('runs in the server process on its own', async () => {
    const clock = new FakeClock();
    const shop = await buildTestShop({
      payments: { click: CLICK, timeoutMinutes: 1, sweepIntervalMs: 50 },
      clock,
    });
    try {
      const product = await insertProduct(shop, { price: PRICE, stock: 2 });
      const order = await placeOrder(shop, product.id, 'click', 2);
      clock.advance(2 * MINUTE_MS);
      const deadline = Date.now() + 5_000;
      let status = '';
      while (Date.now() < deadline && status !== 'cancelled') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        [{ status }] = (await shop.database.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, order._id))) as [{ status: string }];
      }
      expect(status).toBe('cancelled');
      expect(await stockOf(shop, product.id)).toBe(2);
    } finally {
      await shop.close();
    }
  });
});
