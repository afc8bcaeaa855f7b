import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffAlerts } from '../../db/schema.js';
import { alertMessage } from '../alerts/alert-message.js';
import { FakeClock, HOUR_MS, orderRow, placeOrder } from '../../test/payment-test-kit.js';
import { placeCompanyOrder } from '../../test/company-test-kit.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  stockOf,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

/** ORDER_HOLD_HOURS (B14): an unpaid new order stops holding its stock, once, in the payment sweep. */

async function expiryAudits(shop: TestShop, orderId: string) {
  const rows = await shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));
  return rows.filter((row) => 'holdExpired' in row.changes);
}

async function expiryAlerts(shop: TestShop, orderId: string) {
  return shop.database.db
    .select()
    .from(staffAlerts)
    .where(and(eq(staffAlerts.orderId, orderId), eq(staffAlerts.kind, 'orderExpired')));
}

describe('the stock hold of an unpaid order (ORDER_HOLD_HOURS=48, the default)', () => {
  let shop: TestShop;
  let manager: TestUser;
  const clock = new FakeClock();
  const sweep = () => shop.app.services.payments.sweep.run();

  beforeAll(async () => {
    shop = await buildTestShop({ clock });
    manager = await createUser(shop, 'manager');
  });
  afterAll(() => shop.close());

  it('cancels a cash order still new after 48 hours, returns its stock once, audits it as the shop and alerts staff', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeOrder(shop, product.id, 'cash', 3);
    expect(await stockOf(shop, product.id)).toBe(7);

    // The fake clock started before the order's (real) placing time: a margin either side.
    clock.advance(48 * HOUR_MS - 5 * 60_000);
    expect((await sweep()).ordersCancelled).toBe(0);
    expect((await orderRow(shop, order._id)).status).toBe('new');

    clock.advance(10 * 60_000);
    expect((await sweep()).ordersCancelled).toBe(1);
    expect(await orderRow(shop, order._id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cancelled',
    });
    expect(await stockOf(shop, product.id)).toBe(10);
    const [audit, ...more] = await expiryAudits(shop, order._id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorId: null,
      actorName: null,
      action: 'update',
      changes: { status: { before: 'new', after: 'cancelled' } },
    });
    const [alert] = await expiryAlerts(shop, order._id);
    expect(alert).toBeDefined();
    expect(alertMessage('orderExpired', order._id, alert!.payload, 'http://shop.test')).toContain(
      'muddati tugadi',
    );

    // Later sweeps find nothing more to return.
    clock.advance(HOUR_MS);
    expect((await sweep()).ordersCancelled).toBe(0);
    expect(await stockOf(shop, product.id)).toBe(10);
    expect(await expiryAudits(shop, order._id)).toHaveLength(1);
  });

  it('leaves orders staff confirmed and orders already cancelled', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const confirmed = await placeOrder(shop, product.id, 'cash', 2);
    const cancelled = await placeOrder(shop, product.id, 'cash', 2);
    for (const [order, status] of [
      [confirmed, 'ordered'],
      [cancelled, 'cancelled'],
    ] as const) {
      const response = await shop.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order._id}`,
        headers: manager.headers,
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
    }
    clock.advance(100 * HOUR_MS);
    await sweep();
    expect((await orderRow(shop, confirmed._id)).status).toBe('ordered');
    expect(await stockOf(shop, product.id)).toBe(8);
    expect(await expiryAudits(shop, cancelled._id)).toEqual([]);
  });
});

describe('ORDER_HOLD_HOURS=0 (the spec: held until staff act) and a fraction (0.5)', () => {
  let forever: TestShop;
  let halfHour: TestShop;
  const clock = new FakeClock();

  beforeAll(async () => {
    forever = await buildTestShop({ clock, orderLimits: { holdMs: 0 } });
    halfHour = await buildTestShop({ clock, orderLimits: { holdMs: 0.5 * HOUR_MS } });
  });
  afterAll(async () => {
    await forever.close();
    await halfHour.close();
  });

  it('0 never ends a hold; 0.5 ends it after 30 minutes', async () => {
    const kept = await insertProduct(forever, { stock: 5 });
    const keptOrder = await placeOrder(forever, kept.id, 'cash', 5);
    const ended = await insertProduct(halfHour, { stock: 5 });
    const endedOrder = await placeOrder(halfHour, ended.id, 'cash', 5);
    clock.advance(25 * 60_000);
    expect((await halfHour.app.services.payments.sweep.run()).ordersCancelled).toBe(0);
    clock.advance(10 * 60_000);
    expect((await halfHour.app.services.payments.sweep.run()).ordersCancelled).toBe(1);
    expect(await stockOf(halfHour, ended.id)).toBe(5);
    expect((await orderRow(halfHour, endedOrder._id)).status).toBe('cancelled');

    clock.advance(10_000 * HOUR_MS);
    expect((await forever.app.services.payments.sweep.run()).ordersCancelled).toBe(0);
    expect((await orderRow(forever, keptOrder._id)).status).toBe('new');
    expect(await stockOf(forever, kept.id)).toBe(0);
  });
});

describe('hold expiry racing staff confirming the same order', () => {
  let shop: TestShop;
  let manager: TestUser;
  const clock = new FakeClock();

  beforeAll(async () => {
    shop = await buildTestShop({ clock });
    manager = await createUser(shop, 'manager');
  });
  afterAll(() => shop.close());

  it('exactly one of them ends the hold (two sweeps and staff at once), and the stock comes back at most once (20 rounds)', async () => {
    const outcomes = { expired: 0, confirmed: 0 };
    for (let round = 0; round < 20; round += 1) {
      const product = await insertProduct(shop, { stock: 10 });
      const order = await placeOrder(shop, product.id, 'cash', 4);
      clock.advance(49 * HOUR_MS);
      // Two sweeps (two processes) and staff, all at once.
      const [, , confirm] = await Promise.all([
        shop.app.services.payments.sweep.run(),
        shop.app.services.payments.sweep.run(),
        shop.app.inject({
          method: 'PATCH',
          url: `/api/orders/${order._id}`,
          headers: manager.headers,
          payload: { status: 'ordered' },
        }),
      ]);
      expect(confirm.statusCode, confirm.body).toBe(200);
      const audits = await expiryAudits(shop, order._id);
      const alerts = await expiryAlerts(shop, order._id);
      expect(audits.length).toBeLessThanOrEqual(1);
      expect(alerts).toHaveLength(audits.length);
      // Whoever came second: after an expiry, staff confirming takes the stock again (a cancelled
      // order reopened); before it, the expiry matched nothing. Either way the order is staff's,
      // with its 4 units taken once.
      expect((await orderRow(shop, order._id)).status).toBe('ordered');
      expect(await stockOf(shop, product.id)).toBe(6);
      if (audits.length === 1) outcomes.expired += 1;
      else outcomes.confirmed += 1;
    }
    expect(outcomes.expired + outcomes.confirmed).toBe(20);
  });
});

describe('the stock hold of an unpaid invoice (bank transfer)', () => {
  let shop: TestShop;
  const clock = new FakeClock();

  beforeAll(async () => {
    shop = await buildTestShop({ clock, invoice: { validDays: 5 } });
  });
  afterAll(() => shop.close());

  it('lasts the invoice’s days to pay, not ORDER_HOLD_HOURS', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeCompanyOrder(shop, product.id, 4);
    clock.advance(49 * HOUR_MS);
    expect((await shop.app.services.payments.sweep.run()).ordersCancelled).toBe(0);
    expect(await stockOf(shop, product.id)).toBe(6);
    clock.advance(5 * 24 * HOUR_MS - 48 * HOUR_MS);
    expect((await shop.app.services.payments.sweep.run()).ordersCancelled).toBe(1);
    expect((await orderRow(shop, order._id)).status).toBe('cancelled');
    expect(await stockOf(shop, product.id)).toBe(10);
  });
});
