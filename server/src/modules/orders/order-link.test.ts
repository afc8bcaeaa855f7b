import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type PlacedOrder } from '@shop/common';
import { orders } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

/** The order's link (`/order-confirmation?order={id}&key={orderKey}`): the key is what opens it. */
describe('GET /api/orders/{id} (the order link)', () => {
  let shop: TestShop;
  let manager: TestUser;
  let productId: string;

  beforeAll(async () => {
    // Many orders from inject's one address: the per-address order limit (decision 019) is off.
    shop = await buildTestShop({ orderLimits: { enabled: false } });
    manager = await createUser(shop, 'manager');
    productId = (await insertProduct(shop, { stock: 100, name: 'Link desk' })).id;
  });
  afterAll(() => shop.close());

  async function place(phoneNumber = uniquePhone(), headers: Record<string, string> = {}) {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { customerName: 'Kamola', phoneNumber, items: [{ productId, quantity: 2, color: 'oq' }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as PlacedOrder;
  }

  const read = (id: string, query = '', headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url: `/api/orders/${id}${query}`, headers });

  it('opens the order with its key: number, lines, total, status and payment', async () => {
    const order = await place();
    const response = await read(order._id, `?key=${order.orderKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: order._id,
      orderNumber: `#${order._id.slice(-6).toUpperCase()}`,
      total: 200_000,
      status: 'new',
      payment: { method: 'cash', status: 'unpaid', paidAt: null },
      products: [{ product: { _id: productId, name: 'Link desk' }, color: 'oq', quantity: 2 }],
    });
    expect(response.body).not.toMatch(/Kamola|customer|notes/);
  });

  it('answers 404, as for no order, without the key or with a wrong one', async () => {
    const order = await place();
    const wrongKey = `${order.orderKey.slice(0, -1)}${order.orderKey.endsWith('A') ? 'B' : 'A'}`;
    for (const query of ['', '?key=', `?key=${wrongKey}`, '?key=x', `?key=${'a'.repeat(100)}`]) {
      const response = await read(order._id, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json().code).toBe('ORDER_NOT_FOUND');
    }
    const missing = await read(newId(), `?key=${order.orderKey}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual((await read(order._id)).json());
  });

  it("does not open another order with one order's key", async () => {
    const first = await place();
    const second = await place();
    expect((await read(second._id, `?key=${first.orderKey}`)).statusCode).toBe(404);
  });

  it('opens without the key for staff and for the account that placed it, not for another account', async () => {
    const owner = await createUser(shop, 'customer');
    const stranger = await createUser(shop, 'customer');
    const order = await place(owner.phoneNumber, owner.headers);
    expect((await read(order._id, '', owner.headers)).statusCode).toBe(200);
    expect((await read(order._id, '', manager.headers)).statusCode).toBe(200);
    expect((await read(order._id, '', stranger.headers)).statusCode).toBe(404);
    // A stale token is a guest's: still 404 without the key, 200 with it.
    const stale = { authorization: 'Bearer not.a.token' };
    expect((await read(order._id, '', stale)).statusCode).toBe(404);
    expect((await read(order._id, `?key=${order.orderKey}`, stale)).statusCode).toBe(200);
  });

  it('keeps only the SHA-256 of the key, never the key', async () => {
    const order = await place();
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.orderKeyHash).toBe(createHash('sha256').update(order.orderKey).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(order.orderKey);
  });

  it('gives every order its own key of at least 128 bits', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i += 1) keys.add((await place()).orderKey);
    expect(keys.size).toBe(5);
    for (const key of keys) expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('answers a repeated checkout attempt with a new key, and the lost one stops working', async () => {
    const body = {
      customerName: 'Kamola',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity: 1, color: 'oq' }],
    };
    const headers = { 'idempotency-key': `link-test-${newId()}` };
    const first = (
      await shop.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body })
    ).json();
    const again = await shop.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body });
    expect(again.statusCode).toBe(201);
    const repeat = again.json() as PlacedOrder;
    expect(repeat._id).toBe(first._id);
    expect(repeat.orderKey).not.toBe(first.orderKey);
    expect((await read(first._id, `?key=${repeat.orderKey}`)).statusCode).toBe(200);
    expect((await read(first._id, `?key=${first.orderKey}`)).statusCode).toBe(404);
  });
});
