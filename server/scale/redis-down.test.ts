import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/common';
import { allOrders, call, createProduct, loginAdmin, shopperPhone, sleep } from '../reliability/harness.js';
import { createScaleDatabase, SHOP_PORT_BASE, ShopNode, SPARE_REDIS_PORT } from './cluster.js';
import { startLoad } from './load.js';
import { results } from './results.js';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

// Two processes whose REDIS_URL names a Redis of this test's own: absent when they start (a dead
// port), started, then killed -9 under load. Decision 015: nothing fails closed; throttles count
// per process while Redis is away, reads skip the cache and come from PostgreSQL.
describe.skipIf(!hasRedisServer)('two shop processes while their Redis is away', () => {
  const undo: (() => unknown)[] = [];
  const shops: ShopNode[] = [];
  let redis: ChildProcess | undefined;
  let token: string;
  let product: Product;

  const startRedis = async () => {
    redis = spawn(
      'redis-server',
      ['--port', String(SPARE_REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const child = redis;
    undo.push(() => child.kill('SIGKILL'));
  };

  beforeAll(async () => {
    const database = await createScaleDatabase('redis_down');
    undo.push(database.drop);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-scale-redis-'));
    undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      databaseUrl: database.url,
      dataDir,
      redisUrl: `redis://127.0.0.1:${SPARE_REDIS_PORT}`,
      redisPrefix: 'shop:',
      jwtSecret: randomBytes(32).toString('hex'),
    };
    shops.push(await ShopNode.start(SHOP_PORT_BASE + 3, env));
    shops.push(await ShopNode.start(SHOP_PORT_BASE + 4, env));
    token = await loginAdmin(shops[0]!);
    product = await createProduct(shops[0]!, token, {
      name: 'Outage desk',
      price: 300_000,
      stock: 1_000_000,
      color: ['oq'],
    });
  });

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop('SIGKILL').catch(() => {})));
    for (const step of undo.reverse()) await step();
    results.print();
  });

  it('(e) starts and sells with REDIS_URL at a dead port; throttles per process; edits seen at once', async () => {
    const order = await call(shops[1]!, 'POST', '/api/orders', {
      body: {
        customerName: 'Outage shopper',
        phoneNumber: shopperPhone(880_001),
        items: [{ productId: product._id, quantity: 1, color: 'oq' }],
      },
    });
    expect(order.status).toBe(201);
    const seenAfter = await priceSeenEverywhere(shops, product._id, token, 310_000);
    const phone = await signUp(shops[0]!, 880_002);
    // Each process counts alone: 5 wrong on one, then its 429; the other still has its own 5.
    const codes = await wrongLogins(shops[0]!, phone, 6);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect(shops.every((shop) => shop.logLines.some((line) => line.includes('Redis unavailable')))).toBe(
      true,
    );
    results.add(
      '(e) Redis at a dead port',
      `both processes started and sold (order 201); edit seen by the other in ${seenAfter} ms; ` +
        `sign-in throttle per process: ${codes.join(' ')}; one warning each`,
    );
  });

  it('(f) shares again once Redis starts, keeps selling when it is killed -9 under load, recovers', async () => {
    await startRedis();
    const phone = await signUp(shops[0]!, 880_003);
    // Both processes retry at least every second. Wait (bounded) until both have sent Redis a
    // command of their own: a product read asks it for the change token once the connection is ready.
    const deadline = Date.now() + 15_000;
    while ((await clientsUsingRedis(shops, product._id)) < shops.length) {
      if (Date.now() > deadline) throw new Error('the shops did not use Redis within 15 s of its start');
      await sleep(100);
    }
    const shared = [...(await wrongLogins(shops[0]!, phone, 3)), ...(await wrongLogins(shops[1]!, phone, 3))];
    expect(shared).toEqual([401, 401, 401, 401, 401, 429]);

    const loads = shops.map((shop) => startLoad(shop, { id: product._id, color: 'oq' }, { shoppers: 4 }));
    const acknowledged = () => loads.reduce((sum, load) => sum + load.stats.acknowledged.length, 0);
    await until(() => acknowledged() >= 20, 'orders before Redis is killed');
    redis!.kill('SIGKILL');
    const atKill = acknowledged();
    await until(() => acknowledged() >= atKill + 20, 'orders after Redis is killed');
    const seenAfter = await priceSeenEverywhere(shops, product._id, token, 320_000);
    const stats = await Promise.all(loads.map((load) => load.stop()));

    const failed = stats.flatMap((one) => one.failed);
    expect(failed).toEqual([]);
    const stored = new Set((await allOrders(shops[1]!, token)).map((order) => order._id));
    const orders = stats.flatMap((one) => one.acknowledged);
    expect(orders.filter((order) => !stored.has(order._id))).toEqual([]);

    // Back again after the kill: each process says so (and replaces the change token).
    await startRedis();
    const backBy = Date.now() + 15_000;
    while (!shops.every((shop) => shop.logLines.some((line) => line.includes('Redis is back')))) {
      if (Date.now() > backBy) throw new Error('the shops did not report Redis back within 15 s');
      await sleep(50);
    }
    results.add(
      '(f) Redis back, then killed -9 under load',
      `shared throttle again after restart: ${shared.join(' ')}; ` +
        `kill -9 of Redis under load: ${stats.reduce((sum, one) => sum + one.requests, 0)} requests, ` +
        `${orders.length} orders, 0 failed, 0 lost; edit seen by the other in ${seenAfter} ms; ` +
        `"Redis is back" logged by both after it restarted`,
    );
  });
});

/** After a product read through each shop: how many connections to our Redis sent it a real command. */
async function clientsUsingRedis(shops: ShopNode[], productId: string): Promise<number> {
  for (const shop of shops) await call(shop, 'GET', `/api/products/${productId}`);
  const { Redis } = await import('ioredis');
  const client = new Redis(SPARE_REDIS_PORT, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    const list = (await client.client('LIST')) as string;
    // A connection that only connected shows its ready check (info) or nothing yet.
    return list.split('\n').filter((line) => /\bcmd=(?!info\b|client\b|NULL\b)/.test(line)).length;
  } catch {
    return 0;
  } finally {
    client.disconnect();
  }
}

async function signUp(shop: ShopNode, index: number): Promise<string> {
  const phoneNumber = shopperPhone(index);
  const answer = await call(shop, 'POST', '/api/auth/signUp', {
    body: { fullName: 'Outage shopper', phoneNumber, password: 'right-password' },
  });
  expect(answer.status).toBe(201);
  return phoneNumber;
}

async function wrongLogins(shop: ShopNode, phoneNumber: string, times: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const answer = await call(shop, 'POST', '/api/auth/login', {
      body: { phoneNumber, password: 'wrong-password' },
    });
    codes.push(answer.status);
  }
  return codes;
}

/** Edits the price through the first process; ms until every process serves it (at most 1 s). */
async function priceSeenEverywhere(shops: ShopNode[], id: string, token: string, price: number) {
  const url = `/api/products/${id}`;
  for (const shop of shops) await call(shop, 'GET', url);
  expect((await call(shops[0]!, 'PATCH', url, { token, body: { price } })).status).toBe(200);
  const acknowledgedAt = Date.now();
  const seen = await Promise.all(
    shops.map(async (shop) => {
      while (Date.now() - acknowledgedAt < 1000) {
        const answer = await call<Product>(shop, 'GET', url);
        if (answer.status === 200 && answer.body.price === price) return Date.now() - acknowledgedAt;
        await sleep(10);
      }
      throw new Error(`${shop.url} still served a stale price 1 s after the edit`);
    }),
  );
  return Math.max(...seen);
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}
