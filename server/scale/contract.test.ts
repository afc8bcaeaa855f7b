import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authResponseSchema,
  customerOrdersResponseSchema,
  dashboardStatsSchema,
  errorResponseSchema,
  orderPageSchema,
  orderSchema,
  productPageSchema,
  productSchema,
  productSuggestionsSchema,
  type Order,
  type Product,
} from '@shop/common';
import { call, createProduct, loginAdmin, shopperPhone } from '../reliability/harness.js';
import {
  createScaleDatabase,
  findNginx,
  Proxy,
  SHARED_REDIS_URL,
  ShopNode,
  type ShopEnv,
} from './cluster.js';

/** Ports of its own, so that it never meets scale.test.ts's cluster on the machine. */
const SHOP_PORTS = [5701, 5702, 5703];
const PROXY_PORT = 5750;
const nginx = findNginx();

/**
 * The API's contract, as the server tests state it in-process, checked over real HTTP through
 * nginx in front of three processes: every answer has its documented status and shape (the
 * schemas in common/ are the ones the routes declare), whichever process serves it.
 */
describe.skipIf(!nginx)('the API contract through nginx and three processes', () => {
  const undo: (() => unknown)[] = [];
  const shops: ShopNode[] = [];
  let proxy: Proxy;
  let token: string;
  let product: Product;

  beforeAll(async () => {
    const database = await createScaleDatabase('contract');
    undo.push(database.drop);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-contract-'));
    undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: ShopEnv = {
      databaseUrl: database.url,
      dataDir,
      redisUrl: SHARED_REDIS_URL,
      redisPrefix: `contract-${process.pid}-${randomBytes(3).toString('hex')}:`,
      jwtSecret: randomBytes(32).toString('hex'),
    };
    // The first process migrates and seeds; the others then find the database ready.
    shops.push(await ShopNode.start(SHOP_PORTS[0]!, env));
    shops.push(...(await Promise.all(SHOP_PORTS.slice(1).map((port) => ShopNode.start(port, env)))));
    proxy = await Proxy.start(nginx!, SHOP_PORTS, PROXY_PORT);
    token = await loginAdmin(shops[0]!);
    product = await createProduct(proxy, token, {
      name: 'Contract desk',
      price: 300_000,
      stock: 5,
      color: ['oq'],
    });
  });

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop('SIGKILL').catch(() => {})));
    await proxy?.stop();
    for (const step of undo.reverse()) await step();
  });

  it('serves the public reads with their documented shapes', async () => {
    const list = await call(proxy, 'GET', '/api/products?page=1&limit=9');
    expect(list.status).toBe(200);
    expect(productPageSchema.parse(list.body).docs.map((doc) => doc._id)).toContain(product._id);

    const search = await call(proxy, 'GET', '/api/products?search=contract&limit=9');
    expect(search.status).toBe(200);
    expect(productPageSchema.parse(search.body).docs.map((doc) => doc._id)).toContain(product._id);

    const detail = await call(proxy, 'GET', `/api/products/${product._id}`);
    expect(detail.status).toBe(200);
    expect(productSchema.parse(detail.body).name).toBe('Contract desk');

    const suggest = await call(proxy, 'GET', '/api/products/suggest?q=contract');
    expect(suggest.status).toBe(200);
    productSuggestionsSchema.parse(suggest.body);

    const sitemap = await fetch(`${proxy.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    expect(await sitemap.text()).toMatch(/<(urlset|sitemapindex)/);
  });

  it('answers 404 and 400 with the error shape', async () => {
    const missing = await call(proxy, 'GET', `/api/products/${'0'.repeat(24)}`);
    expect(missing.status).toBe(404);
    errorResponseSchema.parse(missing.body);

    const badQuery = await call(proxy, 'GET', '/api/products?limit=-1');
    expect(badQuery.status).toBe(400);
    expect(errorResponseSchema.parse(badQuery.body).code).toBe('VALIDATION_ERROR');

    const badOrder = await call(proxy, 'POST', '/api/orders', { body: { items: [] } });
    expect(badOrder.status).toBe(400);
    errorResponseSchema.parse(badOrder.body);
  });

  it('places an order through one process and finds it through every other', async () => {
    const phone = shopperPhone(1);
    const placed = await call<Order>(proxy, 'POST', '/api/orders', {
      body: {
        customerName: 'Contract shopper',
        phoneNumber: phone,
        items: [{ productId: product._id, quantity: 2, color: 'oq', price: 0 }],
        totalAmount: 0,
      },
    });
    expect(placed.status).toBe(201);
    const order = orderSchema.parse(placed.body);
    expect(order.total).toBe(600_000);

    for (const shop of shops) {
      const mine = await call(shop, 'GET', `/api/orders/customer/${encodeURIComponent(phone)}`);
      expect(mine.status).toBe(200);
      expect(customerOrdersResponseSchema.parse(mine.body).data.map((o) => o._id)).toContain(order._id);
    }

    const tooMany = await call(proxy, 'POST', '/api/orders', {
      body: {
        customerName: 'Contract shopper',
        phoneNumber: phone,
        items: [{ productId: product._id, quantity: 4, color: 'oq', price: 0 }],
        totalAmount: 0,
      },
    });
    expect(tooMany.status).toBe(409);
    const conflict = errorResponseSchema.parse(tooMany.body);
    expect(conflict.code).toBe('OUT_OF_STOCK');
    expect(conflict.message).toBe('Not enough stock for Contract desk: 3 left');
  });

  it('signs up and signs in on different processes', async () => {
    const account = {
      fullName: 'Contract Customer',
      phoneNumber: shopperPhone(2),
      password: 'contract-pass-1',
    };
    const signedUp = await call(shops[1]!, 'POST', '/api/auth/signUp', { body: account });
    expect(signedUp.status).toBe(201);
    authResponseSchema.parse(signedUp.body);

    const signedIn = await call(shops[2]!, 'POST', '/api/auth/login', {
      body: { phoneNumber: account.phoneNumber, password: account.password },
    });
    expect(signedIn.status).toBe(200);
    expect(authResponseSchema.parse(signedIn.body).user.role).toBe('customer');

    const wrong = await call(proxy, 'POST', '/api/auth/login', {
      body: { phoneNumber: account.phoneNumber, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    errorResponseSchema.parse(wrong.body);
  });

  it('accepts a staff token issued by one process on every process, and refuses a request without one', async () => {
    for (const target of [...shops, proxy]) {
      const page = await call(target, 'GET', '/api/orders?page=1&limit=5', { token });
      expect(page.status).toBe(200);
      orderPageSchema.parse(page.body);

      const stats = await call(target, 'GET', '/api/dashboard/stats', { token });
      expect(stats.status).toBe(200);
      dashboardStatsSchema.parse(stats.body);

      const anonymous = await call(target, 'GET', '/api/orders');
      expect(anonymous.status).toBe(401);
      errorResponseSchema.parse(anonymous.body);
    }
  });
});
