import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Order } from '@shop/common';
import { auditLog, staffAlerts } from '../../db/schema.js';
import { CLICK, PAYME, placeOrder } from '../../test/payment-test-kit.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const PRICE = 150_000;

/** Staff record the cash taken for a cash order: `payment.status` then tells the truth for cash too. */
describe('POST /api/orders/{id}/payments/cash', () => {
  let shop: TestShop;
  let manager: TestUser;
  let productId: string;

  beforeAll(async () => {
    // Many orders from inject's one address: the per-address order limit (decision 019) is off.
    shop = await buildTestShop({ payments: { payme: PAYME, click: CLICK }, orderLimits: { enabled: false } });
    manager = await createUser(shop, 'manager', 'Jasur Tursunov');
    productId = (await insertProduct(shop, { price: PRICE, stock: 100 })).id;
  });
  afterAll(() => shop.close());

  const receive = (id: string, amount: unknown, user: TestUser | null = manager) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/payments/cash`,
      headers: user?.headers ?? {},
      payload: { amount },
    });

  it('marks the order paid and keeps the amount, who and when, in the order and the audit log', async () => {
    const order = await placeOrder(shop, productId, 'cash', 2);
    const response = await receive(order._id, 2 * PRICE);
    expect(response.statusCode, response.body).toBe(200);
    const paid: Order = response.json();
    expect(paid.payment).toEqual({
      method: 'cash',
      status: 'paid',
      paidAt: expect.any(String),
      cashReceived: {
        amount: 2 * PRICE,
        by: { _id: manager.id, name: 'Jasur Tursunov' },
        at: paid.payment.paidAt,
      },
    });
    expect(Date.now() - Date.parse(paid.payment.paidAt!)).toBeLessThan(60_000);

    // The staff list says the same.
    const list = await shop.app.inject({
      method: 'GET',
      url: `/api/orders?phoneNumber=${encodeURIComponent(order.customer.phoneNumber)}`,
      headers: manager.headers,
    });
    expect(list.json().docs[0].payment).toEqual(paid.payment);

    const entries = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order._id), eq(auditLog.entity, 'order')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', actorId: manager.id, actorName: 'Jasur Tursunov' });
    expect(entries[0]!.changes).toMatchObject({
      paymentStatus: { before: 'unpaid', after: 'paid' },
      cashReceivedAmount: { before: null, after: 2 * PRICE },
    });
    const alerts = await shop.database.db
      .select()
      .from(staffAlerts)
      .where(eq(staffAlerts.orderId, order._id));
    expect(alerts.map((alert) => alert.kind).sort()).toEqual(['orderPlaced', 'paymentReceived']);
  });

  it("shows the shopper the order paid, without the staff member's name", async () => {
    const order = await placeOrder(shop, productId, 'cash');
    await receive(order._id, PRICE);
    const read = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}?key=${order.orderKey}`,
    });
    expect(read.json().payment).toMatchObject({ method: 'cash', status: 'paid' });
    expect(read.body).not.toMatch(/Jasur|cashReceived/);
    // The lookup by phone (behind its SMS code) shows the same view.
    const [looked] = await shop.app.services.orders.forCustomer(order.customer.phoneNumber);
    expect(looked!.payment).toEqual({ method: 'cash', status: 'paid', paidAt: expect.any(String) });
  });

  it('refuses an amount other than the total with 409 AMOUNT_MISMATCH naming amount, as for a transfer', async () => {
    const order = await placeOrder(shop, productId, 'cash');
    for (const amount of [PRICE - 1, PRICE + 1, 0]) {
      const response = await receive(order._id, amount);
      expect(response.statusCode, String(amount)).toBe(409);
      expect(response.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', errors: [{ path: 'amount' }] });
      expect(response.json().message).toContain("150 000 so'm");
    }
    for (const amount of [-1, 1.5, '150000', null]) {
      const response = await receive(order._id, amount);
      expect(response.statusCode, String(amount)).toBe(400);
      expect(JSON.stringify(response.json().errors)).toContain('amount');
    }
    const after = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}?key=${order.orderKey}`,
    });
    expect(after.json().payment.status).toBe('unpaid');
  });

  it('refuses an order already paid (409 ORDER_PAID), an online order (409 NOT_CASH_ORDER) and a cancelled one', async () => {
    const paid = await placeOrder(shop, productId, 'cash');
    expect((await receive(paid._id, PRICE)).statusCode).toBe(200);
    const twice = await receive(paid._id, PRICE);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ORDER_PAID');

    for (const method of ['payme', 'click'] as const) {
      const online = await placeOrder(shop, productId, method);
      const response = await receive(online._id, PRICE);
      expect(response.statusCode, method).toBe(409);
      expect(response.json().code).toBe('NOT_CASH_ORDER');
    }

    const cancelled = await placeOrder(shop, productId, 'cash');
    await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${cancelled._id}`,
      headers: manager.headers,
      payload: { status: 'cancelled' },
    });
    const refused = await receive(cancelled._id, PRICE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_CANCELLED');

    const missing = await receive(newId(), PRICE);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ORDER_NOT_FOUND');
  });

  it('is for admin, manager and ceo: 401 for a guest, 403 for a customer', async () => {
    const order = await placeOrder(shop, productId, 'cash');
    expect((await receive(order._id, PRICE, null)).statusCode).toBe(401);
    expect((await receive(order._id, PRICE, await createUser(shop, 'customer'))).statusCode).toBe(403);
    for (const role of ['admin', 'ceo'] as const) {
      const next = await placeOrder(shop, productId, 'cash');
      expect((await receive(next._id, PRICE, await createUser(shop, role))).statusCode, role).toBe(200);
    }
    expect((await receive(order._id, PRICE)).statusCode).toBe(200);
  });

  it('cancels a cash-paid order only with the refund confirmed, which then reads refunded', async () => {
    const order = await placeOrder(shop, productId, 'cash');
    await receive(order._id, PRICE);
    const patch = (payload: object) =>
      shop.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order._id}`,
        headers: manager.headers,
        payload,
      });
    const refused = await patch({ status: 'cancelled' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_PAID', message: expect.stringContaining('cash') });
    const cancelled = await patch({ status: 'cancelled', paymentRefunded: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
  });
});
