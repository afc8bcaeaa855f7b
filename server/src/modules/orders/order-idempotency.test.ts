import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, staffAlerts } from '../../db/schema.js';
import { buildTestShop, insertProduct, uniquePhone, type TestShop, stockOf } from '../../test/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  // Many orders from the one address inject uses: the order limits are order-limits.test.ts's.
  shop = await buildTestShop({ orderLimits: { enabled: false } });
});
afterAll(() => shop.close());

let keyCounter = 0;
const newKey = () => `checkout-${Date.now()}-${(keyCounter += 1)}-attempt`;

function place(body: object, key?: string) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: body,
  });
}

const body = (productId: string, phoneNumber = uniquePhone()) => ({
  customerName: 'Takroriy Xaridor',
  phoneNumber,
  items: [{ productId, quantity: 2, color: 'oq' }],
});

async function ordersWithKey(key: string) {
  return shop.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
}

describe('POST /api/orders with an Idempotency-Key', () => {
  it('answers a repeat with the order the key placed: one order, stock and staff alert taken once', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const key = newKey();
    const request = body(product.id);
    const [alertsBefore] = await shop.database.db.select({ n: count() }).from(staffAlerts);

    const first = await place(request, key);
    const again = await place(request, key);

    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
    expect(again.json().products).toEqual(first.json().products);
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await stockOf(shop, product.id)).toBe(8);
    const [alertsAfter] = await shop.database.db.select({ n: count() }).from(staffAlerts);
    expect(alertsAfter!.n - alertsBefore!.n).toBe(1);
  });

  it('places one order when 10 attempts with one key race, and answers all 10 with it', async () => {
    const product = await insertProduct(shop, { stock: 50 });
    const key = newKey();
    const request = body(product.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(request, key)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json()._id)).size).toBe(1);
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await stockOf(shop, product.id)).toBe(48);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED when the key comes back with another order, and places nothing', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const key = newKey();
    const phone = uniquePhone();
    expect((await place(body(product.id, phone), key)).statusCode).toBe(201);

    const otherLines = {
      ...body(product.id, phone),
      items: [{ productId: product.id, quantity: 3, color: 'oq' }],
    };
    const otherShopper = body(product.id);
    for (const changed of [
      otherLines,
      otherShopper,
      { ...body(product.id, phone), paymentMethod: 'cash', customerName: 'Boshqa' },
    ]) {
      const answer = await place(changed, key);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await stockOf(shop, product.id)).toBe(8);
  });

  it('lets a key that was refused (409 OUT_OF_STOCK) place the order once stock is back', async () => {
    const product = await insertProduct(shop, { stock: 1 });
    const key = newKey();
    const refused = await place(body(product.id), key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK' });

    await shop.database.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    const placed = await place(body(product.id), key);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(shop, product.id)).toBe(3);
  });

  it('places a new order for every request without a key, as before', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const request = body(product.id);
    const first = await place(request);
    const second = await place(request);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()._id).not.toBe(first.json()._id);
    expect(await stockOf(shop, product.id)).toBe(6);
  });

  it.each([
    'short',
    'x'.repeat(101),
    'has spaces in it here',
    'ключ-на-кириллице-1234',
    '<script>alert(1)</script>',
  ])('refuses the malformed key %j with 400 and places nothing', async (key) => {
    const product = await insertProduct(shop, { stock: 10 });
    const answer = await place(body(product.id), key);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(answer.json().errors).toEqual([
      { path: 'idempotency-key', message: expect.stringMatching(/Idempotency-Key/) },
    ]);
    expect(await stockOf(shop, product.id)).toBe(10);
  });
});
