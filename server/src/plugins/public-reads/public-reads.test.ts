import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { connectRedis, type SharedRedis } from '../../shared-state/redis.js';

const quietLog = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe('public reads: ETag, Cache-Control, compression and the cache of ready bytes', () => {
  let shop: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    shop = await buildTestShop();
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  it('answers a repeated read with the same ETag, 304 to If-None-Match, br or gzip on request', async () => {
    const product = await insertProduct(shop, { name: 'Etag desk' });
    const url = `/api/products/${product.id}`;
    const first = await shop.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=5, must-revalidate');
    const again = await shop.app.inject({ method: 'GET', url });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    const notModified = await shop.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const list = await shop.app.inject({ method: 'GET', url: '/api/products?limit=50' });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await shop.app.inject({
        method: 'GET',
        url: '/api/products?limit=50',
        headers: { 'accept-encoding': encoding },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toContain('accept-encoding');
      expect(decode(compressed.rawPayload).toString()).toBe(list.body);
    }
  });

  it('shows an edit at once, and staff get their own uncached view', async () => {
    const product = await insertProduct(shop, { price: 100_000 });
    const url = `/api/products/${product.id}`;
    expect((await shop.app.inject({ method: 'GET', url })).json().price).toBe(100_000);
    const edit = await shop.app.inject({
      method: 'PATCH',
      url,
      payload: { price: 120_000, status: 'onPaused' },
      headers: admin.headers,
    });
    expect(edit.statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const staffRead = await shop.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(staffRead.json().price).toBe(120_000);
    expect(staffRead.headers['cache-control']).toBe('private, no-store');
  });

  it('drops a cached price when a discount starts, without any write', async () => {
    const product = await insertProduct(shop, {
      price: 200_000,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 10,
      discountStart: new Date(Date.now() + 1500),
      discountEnd: new Date(Date.now() + 3_600_000),
    });
    const url = `/api/products/${product.id}`;
    expect((await shop.app.inject({ method: 'GET', url })).json().discountedPrice).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await shop.app.inject({ method: 'GET', url })).json().discountedPrice).toBe(180_000);
  });
});

describe('two shop instances on one database and one Redis', () => {
  let redisA: SharedRedis;
  let redisB: SharedRedis;
  let a: TestShop;
  let b: TestShop;
  let admin: TestUser;
  beforeAll(async () => {
    const prefix = `test:${randomUUID()}:`;
    redisA = await connectRedis('redis://127.0.0.1:6379', quietLog);
    redisB = await connectRedis('redis://127.0.0.1:6379', quietLog);
    a = await buildTestShop({ redis: redisA, redisPrefix: prefix });
    // Its own app, cache and Redis connection; the same database.
    b = await buildTestShop({
      redis: redisB,
      redisPrefix: prefix,
      databaseHandle: a.database,
      keepDatabase: true,
    });
    admin = await createUser(a, 'admin');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redisA.close();
    await redisB.close();
  });

  it('never serves a price or stock older than a write the other acknowledged (tight loop)', async () => {
    const product = await insertProduct(a, { price: 100_000, stock: 500 });
    const detail = `/api/products/${product.id}`;
    const list = '/api/products?limit=100';
    const priceIn = (body: { docs: { _id: string; price: number; stock: number }[] }) =>
      body.docs.find((doc) => doc._id === product.id);
    for (let round = 1; round <= 40; round += 1) {
      const price = 100_000 + round * 1000;
      const stock = 500 - round;
      // Warm B's cache with the old answer first, so a missed invalidation would show.
      await b.app.inject({ method: 'GET', url: detail });
      await b.app.inject({ method: 'GET', url: list });
      const edit = await a.app.inject({
        method: 'PATCH',
        url: detail,
        payload: { price, stock },
        headers: admin.headers,
      });
      expect(edit.statusCode).toBe(200);
      const seen = (await b.app.inject({ method: 'GET', url: detail })).json();
      expect([seen.price, seen.stock]).toEqual([price, stock]);
      const listed = priceIn((await b.app.inject({ method: 'GET', url: list })).json());
      expect([listed?.price, listed?.stock]).toEqual([price, stock]);
    }
  });

  it('an order placed on one is seen in the stock the other serves', async () => {
    const product = await insertProduct(a, { price: 50_000, stock: 7, color: ['oq'] });
    const url = `/api/products/${product.id}`;
    expect((await b.app.inject({ method: 'GET', url })).json().stock).toBe(7);
    const order = await a.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Aziz Karimov',
        phoneNumber: uniquePhone(),
        items: [{ productId: product.id, quantity: 2, color: 'oq', price: 50_000 }],
        totalAmount: 100_000,
      },
    });
    expect(order.statusCode).toBe(201);
    expect((await b.app.inject({ method: 'GET', url })).json().stock).toBe(5);
  });

  it('five wrong passwords spread over both instances lock the phone on both', async () => {
    const customer = await createUser(a, 'customer');
    const login = (shop: TestShop) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber: customer.phoneNumber, password: 'wrong-password' },
      });
    const codes = [];
    for (const shop of [a, b, a, b, a, b]) codes.push((await login(shop)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('a forged X-Forwarded-For', () => {
  const guessFrom = (shop: TestShop, address: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': address },
      payload: { phoneNumber: uniquePhone(), password: 'wrong-password' },
    });

  it('cannot escape the per-address throttle unless TRUST_PROXY names the proxy', async () => {
    const direct = await buildTestShop({ rateLimits: { loginFailuresPerAddress: 3 } });
    const proxied = await buildTestShop({
      rateLimits: { loginFailuresPerAddress: 3 },
      trustProxy: '203.0.113.7',
    });
    try {
      const directCodes = [];
      const proxiedCodes = [];
      for (let i = 1; i <= 4; i += 1) {
        directCodes.push((await guessFrom(direct, `198.51.100.${i}`)).statusCode);
        proxiedCodes.push((await guessFrom(proxied, `198.51.100.${i}`)).statusCode);
      }
      // Not trusted: every guess is the socket's address, whatever the header says.
      expect(directCodes).toEqual([401, 401, 401, 429]);
      // The named proxy's header is believed: four different shoppers.
      expect(proxiedCodes).toEqual([401, 401, 401, 401]);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
