import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  truncateAll,
  uniquePhone,
  type TestShop,
  type TestUser,
  stockOf,
} from '../../test/test-app.js';

let shop: TestShop;
let manager: TestUser;

beforeAll(async () => {
  // A hundred shoppers from the one address inject uses: the per-address limit is not under test.
  shop = await buildTestShop({ orderLimits: { enabled: false } });
  await truncateAll(shop);
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());

describe('concurrent orders', () => {
  it('100 shoppers race for 10 items: exactly 10 win, 90 get 409 OUT_OF_STOCK, stock ends at 0', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customerName: 'Racer',
            phoneNumber: uniquePhone(),
            items: [{ productId: product.id, quantity: 1, color: 'oq' }],
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(90);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.any(String) });
    }

    expect(await stockOf(shop, product.id)).toBe(0);
    const [orderTotal] = await shop.database.db.select({ total: count() }).from(orders);
    expect(orderTotal!.total).toBe(10);
    const [lineTotal] = await shop.database.db
      .select({ total: count() })
      .from(orderLines)
      .where(eq(orderLines.productId, product.id));
    expect(lineTotal!.total).toBe(10);
    const created = new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json()._id));
    expect(created.size).toBe(10);
  });

  it('concurrent cancels of one order return its stock only once', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Once',
        phoneNumber: uniquePhone(),
        items: [{ productId: product.id, quantity: 4, color: 'oq' }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json()._id;
    expect(await stockOf(shop, product.id)).toBe(6);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop.app.inject({
          method: 'PATCH',
          url: `/api/orders/${id}`,
          headers: manager.headers,
          payload: { status: 'cancelled' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await stockOf(shop, product.id)).toBe(10);
  });

  it('interleaved cancel and un-cancel keep the stock consistent with the final status', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Flip',
        phoneNumber: uniquePhone(),
        items: [{ productId: product.id, quantity: 3, color: 'oq' }],
      },
    });
    const id = placed.json()._id;
    const statuses = Array.from({ length: 40 }, (_, index) =>
      index % 2 === 0 ? 'cancelled' : index % 4 === 1 ? 'new' : 'ordered',
    );
    const responses = await Promise.all(
      statuses.map((status) =>
        shop.app.inject({
          method: 'PATCH',
          url: `/api/orders/${id}`,
          headers: manager.headers,
          payload: { status },
        }),
      ),
    );
    // Stock never runs short here (3 of 10), so every transition succeeds.
    expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(200));

    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
    expect(await stockOf(shop, product.id)).toBe(order!.status === 'cancelled' ? 10 : 7);

    // Settle on a known state and check again.
    await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: manager.headers,
      payload: { status: 'cancelled' },
    });
    expect(await stockOf(shop, product.id)).toBe(10);
    await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: manager.headers,
      payload: { status: 'new' },
    });
    expect(await stockOf(shop, product.id)).toBe(7);
  });

  it('two un-cancels racing for the last items: one wins, the other gets 409 and nothing changes', async () => {
    const product = await insertProduct(shop, { stock: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const placed = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customerName: 'Back',
          phoneNumber: uniquePhone(),
          items: [{ productId: product.id, quantity: 5, color: 'oq' }],
        },
      });
      expect(placed.statusCode).toBe(201);
      ids.push(placed.json()._id);
      const cancelled = await shop.app.inject({
        method: 'PATCH',
        url: `/api/orders/${placed.json()._id}`,
        headers: manager.headers,
        payload: { status: 'cancelled' },
      });
      expect(cancelled.statusCode).toBe(200);
    }
    expect(await stockOf(shop, product.id)).toBe(5);

    const responses = await Promise.all(
      ids.map((id) =>
        shop.app.inject({
          method: 'PATCH',
          url: `/api/orders/${id}`,
          headers: manager.headers,
          payload: { status: 'new' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().code).toBe('OUT_OF_STOCK');
    expect(await stockOf(shop, product.id)).toBe(0);
    const rows = await shop.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.total, 500_000));
    expect(rows.map((row) => row.status).sort()).toEqual(['cancelled', 'new']);
  });
});
