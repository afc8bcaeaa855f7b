import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type SharedRedis } from '../../shared-state/redis.js';
import { codeFor } from '../../test/sms.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  stockOf,
  uniquePhone,
  type TestShop,
} from '../../test/test-app.js';

/** B14: what one shopper may take of the stock. The probe's own requests, as tests. */

let addressCounter = 0;
/** An address of its own for each test, so one test's orders do not use another's budget. */
const freshAddress = () => `10.26.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

function order(
  shop: TestShop,
  productId: string,
  {
    quantity = 1,
    phone = uniquePhone(),
    address = '127.0.0.1',
    items,
    key,
  }: {
    quantity?: number;
    phone?: string;
    address?: string;
    items?: { productId: string; quantity: number; color: string }[];
    key?: string;
  } = {},
) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: address,
    headers: key ? { 'idempotency-key': key } : {},
    payload: {
      customerName: 'Probe',
      phoneNumber: phone,
      items: items ?? [{ productId, quantity, color: 'oq' }],
    },
  });
}

const statuses = (responses: readonly { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe('order limits (shop defaults: 10 an hour per address, 3 open per phone, 20 units)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    // The hourly budget is what this block tests: open orders per address are tested below.
    shop = await buildTestShop({ orderLimits: { openOrdersPerAddress: 1_000 } });
  });
  afterAll(() => shop.close());

  it('40 orders from one address in a burst: 10 go through, the rest 429 ORDER_LIMIT with Retry-After; 10 units taken', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => order(shop, product.id, { address })),
    );
    expect(statuses(responses).filter((status) => status === 201)).toHaveLength(10);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(30);
    for (const response of refused) {
      expect(response.json()).toEqual({ code: 'ORDER_LIMIT', message: expect.stringMatching(/10 an hour/) });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await stockOf(shop, product.id)).toBe(90);
    // Another shopper, from another address, still orders.
    expect((await order(shop, product.id, { address: freshAddress() })).statusCode).toBe(201);
  });

  it('counts only orders placed: refused ones (out of stock, bad colour) and a repeat of a key do not use the budget', async () => {
    const scarce = await insertProduct(shop, { stock: 0 });
    const product = await insertProduct(shop, { stock: 100 });
    const address = freshAddress();
    for (let i = 0; i < 12; i += 1) {
      expect((await order(shop, scarce.id, { address })).statusCode).toBe(409);
    }
    const key = randomUUID();
    const phone = uniquePhone();
    for (let i = 0; i < 3; i += 1) {
      expect((await order(shop, product.id, { address, key, phone })).statusCode).toBe(201);
    }
    const rest = [];
    for (let i = 0; i < 10; i += 1) rest.push((await order(shop, product.id, { address })).statusCode);
    expect(rest).toEqual([...Array(9).fill(201), 429]);
  });

  it('refuses a 4th open (new, unpaid) order for one phone from any address; one confirmed by staff frees a place', async () => {
    const manager = await createUser(shop, 'manager');
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    const placed = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await order(shop, product.id, { phone, address: freshAddress() });
      expect(response.statusCode).toBe(201);
      placed.push(response.json<{ _id: string }>()._id);
    }
    const fourth = await order(shop, product.id, { phone, address: freshAddress() });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      code: 'ORDER_LIMIT',
      message: expect.stringMatching(/3 orders waiting/),
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stockOf(shop, product.id)).toBe(97);

    const confirm = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed[0]}`,
      headers: manager.headers,
      payload: { status: 'ordered' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await order(shop, product.id, { phone, address: freshAddress() })).statusCode).toBe(201);
  });

  it('lets only 3 of 8 racing orders for one phone through', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => order(shop, product.id, { phone, address: freshAddress() })),
    );
    expect(statuses(responses).filter((status) => status === 201)).toHaveLength(3);
    expect(statuses(responses).filter((status) => status === 429)).toHaveLength(5);
    expect(await stockOf(shop, product.id)).toBe(97);
  });

  it('one order for 499 units of a product: 400 TOO_MANY_UNITS naming the line, stock untouched', async () => {
    const product = await insertProduct(shop, { stock: 499 });
    const response = await order(shop, product.id, { quantity: 499, address: freshAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'TOO_MANY_UNITS',
      message: expect.stringMatching(/at most 20 units/),
      errors: [{ path: 'items.0.quantity', message: expect.any(String) }],
    });
    expect(await stockOf(shop, product.id)).toBe(499);
  });

  it('counts all lines of a product together (colours too), and merges lines of one product and colour', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const other = await insertProduct(shop, { stock: 100 });
    const split = await order(shop, product.id, {
      address: freshAddress(),
      items: [
        { productId: other.id, quantity: 1, color: 'oq' },
        { productId: product.id, quantity: 15, color: 'oq' },
        { productId: product.id, quantity: 6, color: 'qora' },
      ],
    });
    expect(split.statusCode).toBe(400);
    expect(split.json()).toMatchObject({ code: 'TOO_MANY_UNITS', errors: [{ path: 'items.1.quantity' }] });

    const merged = await order(shop, product.id, {
      address: freshAddress(),
      items: [
        { productId: product.id, quantity: 5, color: 'oq' },
        { productId: product.id, quantity: 2, color: 'qora' },
        { productId: product.id, quantity: 13, color: 'oq' },
      ],
    });
    expect(merged.statusCode).toBe(201);
    expect(
      merged.json().products.map((line: { color: string; quantity: number }) => [line.color, line.quantity]),
    ).toEqual([
      ['oq', 18],
      ['qora', 2],
    ]);
    expect(await stockOf(shop, product.id)).toBe(80);
  });

  it('never shows staff notes in the public lookup by phone, nor in a repeat of a placement', async () => {
    const manager = await createUser(shop, 'manager');
    const product = await insertProduct(shop, { stock: 10 });
    const phone = uniquePhone();
    const key = randomUUID();
    const placed = await order(shop, product.id, { phone, key, address: freshAddress() });
    const id = placed.json<{ _id: string }>()._id;
    const note = 'Rude on the phone; do not deliver before payment';
    const edit = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: manager.headers,
      payload: { notes: note },
    });
    expect(edit.json().notes).toBe(note);

    const lookup = await shop.app.inject({
      url: `/api/orders/customer/${encodeURIComponent(phone)}`,
      headers: { 'x-phone-code': await codeFor(shop, phone, 'orders') },
    });
    expect(lookup.statusCode).toBe(200);
    const [found] = lookup.json().data;
    expect(found._id).toBe(id);
    expect(found).not.toHaveProperty('notes');
    expect(lookup.body).not.toContain('Rude');
    const repeat = await order(shop, product.id, { phone, key, address: freshAddress() });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()._id).toBe(id);
    expect(repeat.body).not.toContain('Rude');
  });
});

describe('open orders per client address (OPEN_ORDERS_PER_ADDRESS, default 5)', () => {
  let a: TestShop;
  let b: TestShop;
  beforeAll(async () => {
    a = await buildTestShop();
    // A second process on the same database: the count is the orders table's, not a process's.
    b = await buildTestShop({ databaseHandle: a.database, keepDatabase: true });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('invented phones from one address hold at most 5 open orders, racing on two processes; a confirmed one frees a place', async () => {
    const manager = await createUser(a, 'manager');
    const product = await insertProduct(a, { stock: 100 });
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => order(i % 2 ? a : b, product.id, { address })),
    );
    expect(statuses(responses).filter((status) => status === 201)).toHaveLength(5);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(7);
    for (const response of refused) {
      expect(response.json()).toMatchObject({
        code: 'ORDER_LIMIT',
        message: expect.stringMatching(/5 orders/),
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await stockOf(a, product.id)).toBe(95);
    expect((await order(a, product.id, { address: freshAddress() })).statusCode).toBe(201);

    const first = responses.find((response) => response.statusCode === 201)!.json<{ _id: string }>()._id;
    const confirm = await a.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first}`,
      headers: manager.headers,
      payload: { status: 'ordered' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await order(b, product.id, { address })).statusCode).toBe(201);
    expect((await order(a, product.id, { address })).statusCode).toBe(429);
  });
});

describe('order limits turned off or lifted', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await buildTestShop({ orderLimits: { enabled: false, maxUnitsPerProduct: 0 } });
  });
  afterAll(() => shop.close());

  it('ORDER_LIMITS=off: 40 orders from one address and 5 open for one phone; MAX_UNITS_PER_PRODUCT=0: 499 units', async () => {
    const product = await insertProduct(shop, { stock: 1000 });
    const phone = uniquePhone();
    const codes = [];
    for (let i = 0; i < 40; i += 1)
      codes.push((await order(shop, product.id, { phone: i < 5 ? phone : undefined })).statusCode);
    expect(codes).toEqual(Array(40).fill(201));
    expect((await order(shop, product.id, { quantity: 499 })).statusCode).toBe(201);
    expect(await stockOf(shop, product.id)).toBe(1000 - 40 - 499);
  });
});

const quietLog = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe('two shop processes on one Redis', () => {
  let redisA: SharedRedis;
  let redisB: SharedRedis;
  let a: TestShop;
  let b: TestShop;
  beforeAll(async () => {
    const prefix = `test:${randomUUID()}:`;
    redisA = await connectRedis('redis://127.0.0.1:6379', quietLog);
    redisB = await connectRedis('redis://127.0.0.1:6379', quietLog);
    const orderLimits = { openOrdersPerAddress: 1_000 };
    a = await buildTestShop({ redis: redisA, redisPrefix: prefix, orderLimits });
    b = await buildTestShop({
      redis: redisB,
      redisPrefix: prefix,
      orderLimits,
      databaseHandle: a.database,
      keepDatabase: true,
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redisA.close();
    await redisB.close();
  });

  it('share one budget per address: 10 orders an hour whichever process takes them', async () => {
    const product = await insertProduct(a, { stock: 100 });
    const address = freshAddress();
    const codes = [];
    for (let i = 0; i < 14; i += 1)
      codes.push((await order(i % 2 ? a : b, product.id, { address })).statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
  });
});
