import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/common';
import {
  allOrders,
  call,
  createProduct,
  loginAdmin,
  readProduct,
  shopperPhone,
  sleep,
  unitsHeld,
} from '../reliability/harness.js';
import {
  createScaleDatabase,
  findNginx,
  Proxy,
  SHARED_REDIS_URL,
  SHOP_PORT_BASE,
  ShopNode,
  type ShopEnv,
} from './cluster.js';
import { startLoad, type LoadStats } from './load.js';
import { results } from './results.js';

const STOCK = 1_000_000;
const nginx = findNginx();

describe.skipIf(!nginx)('three shop processes behind nginx, one PostgreSQL, one Redis', () => {
  const undo: (() => unknown)[] = [];
  const shops: ShopNode[] = [];
  let proxy: Proxy;
  let env: ShopEnv;
  let token: string;
  let product: Product;

  beforeAll(async () => {
    const database = await createScaleDatabase('cluster');
    undo.push(database.drop);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-scale-'));
    undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
    env = {
      databaseUrl: database.url,
      dataDir,
      redisUrl: SHARED_REDIS_URL,
      // Keys of this run only: the machine's Redis is shared with other shops and runs.
      redisPrefix: `scale-${process.pid}-${randomBytes(3).toString('hex')}:`,
      jwtSecret: randomBytes(32).toString('hex'),
    };
    undo.push(() => flushPrefix(env.redisUrl, env.redisPrefix));
    // The first process migrates and seeds the empty database; the others then find it ready.
    shops.push(await ShopNode.start(SHOP_PORT_BASE, env));
    shops.push(...(await Promise.all([1, 2].map((i) => ShopNode.start(SHOP_PORT_BASE + i, env)))));
    proxy = await Proxy.start(
      nginx!,
      [0, 1, 2].map((i) => SHOP_PORT_BASE + i),
    );
    token = await loginAdmin(proxy);
    product = await createProduct(proxy, token, {
      name: 'Scale desk',
      price: 400_000,
      stock: STOCK,
      color: ['oq'],
    });
  });

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop('SIGKILL').catch(() => {})));
    await proxy?.stop();
    for (const step of undo.reverse()) await step();
    results.print();
  });

  const targets = () => [...shops, proxy];

  it('(a) serves a price changed through one process from every process within 1 s', async () => {
    const slowest: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const url = `/api/products/${product._id}`;
      // Warm every process's cache with the old price first, so the change must invalidate it.
      for (const target of targets()) await call(target, 'GET', url);
      const price = 410_000 + round * 1000;
      const edit = await call(shops[round]!, 'PATCH', url, { token, body: { price } });
      expect(edit.status).toBe(200);
      const acknowledgedAt = Date.now();
      const seenAfter = await Promise.all(
        targets().map(async (target) => {
          let stale = 0;
          while (Date.now() - acknowledgedAt < 1000) {
            const answer = await call<Product>(target, 'GET', url);
            if (answer.status === 200 && answer.body.price === price) return Date.now() - acknowledgedAt;
            stale += 1;
            await sleep(10);
          }
          throw new Error(`${target.url} still served a stale price 1 s after the edit (${stale} reads)`);
        }),
      );
      slowest.push(Math.max(...seenAfter));
    }
    results.add(
      '(a) price change seen everywhere',
      `slowest of 3 edits × 4 readers: ${Math.max(...slowest)} ms (limit 1000 ms)`,
    );
  });

  it('(b) refuses the 6th sign-in after 5 wrong passwords spread over the three processes', async () => {
    const phoneNumber = shopperPhone(990_001);
    const signUp = await call(proxy, 'POST', '/api/auth/signUp', {
      body: { fullName: 'Scale shopper', phoneNumber, password: 'right-password' },
    });
    expect(signUp.status).toBe(201);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await call(shops[attempt % 3]!, 'POST', '/api/auth/login', {
        body: { phoneNumber, password: 'wrong-password' },
      });
      codes.push(answer.status);
    }
    const sixth = await call(proxy, 'POST', '/api/auth/login', {
      body: { phoneNumber, password: 'wrong-password' },
    });
    codes.push(sixth.status);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    results.add(
      '(b) shared sign-in throttle',
      `answers: ${codes.join(' ')} (5 wrong across 3 processes, then 429)`,
    );
  });

  it('(c) keeps every acknowledged order and answers every request when one process is killed -9 under load', async () => {
    const ordersBefore = (await allOrders(proxy, token)).length;
    const load = startLoad(proxy, { id: product._id, color: 'oq' });
    const killed = shops[1]!;
    let stats: LoadStats;
    try {
      await until(() => load.stats.acknowledged.length >= 40, 30_000, 'orders before the kill');
      const exit = await killed.stop('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      const ordersAtKill = load.stats.acknowledged.length;
      await until(() => load.stats.acknowledged.length >= ordersAtKill + 40, 30_000, 'orders after the kill');
    } finally {
      stats = await load.stop();
      // Back for the next scenario whether or not this one passes.
      shops[1] = await killed.restart();
    }
    const retried = proxy.retriedRequests();
    const retriedOrders = retried.lines.filter((line) => line.includes('POST /api/orders')).length;

    // nginx sends what the dying process dropped to another one: a read, and an order too, because
    // each order carries an Idempotency-Key (one the dead process had placed is answered, not
    // placed again). So nothing fails, and the orders stored are exactly the ones acknowledged.
    expect(stats.failed, JSON.stringify(stats.answers)).toEqual([]);
    const orders = await allOrders(proxy, token);
    const stored = new Set(orders.map((order) => order._id));
    expect(stats.acknowledged.filter((order) => !stored.has(order._id))).toEqual([]);
    expect(orders.length - ordersBefore).toBe(new Set(stats.acknowledged.map((order) => order._id)).size);
    const { stock } = await readProduct(proxy, token, product._id);
    expect(stock + unitsHeld(orders, product._id)).toBe(STOCK);
    results.add(
      '(c) kill -9 of one of three under load',
      `${stats.requests} requests, ${stats.acknowledged.length} orders acknowledged and stored, 0 lost, ` +
        `0 placed twice, 0 failed; nginx retried ${retried.retried} requests on another process ` +
        `(${retriedOrders} of them orders, safe to resend with their Idempotency-Key)`,
    );
  });

  it('(d) drops no request while all three processes restart one at a time under load', async () => {
    const retriedBefore = proxy.retriedRequests().retried;
    const load = startLoad(proxy, { id: product._id, color: 'oq' });
    await until(() => load.stats.acknowledged.length >= 20, 30_000, 'orders before the restarts');
    const started = Date.now();
    const away: string[] = [];
    for (let i = 0; i < shops.length; i += 1) {
      const stopping = Date.now();
      const exit = await shops[i]!.stop('SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      const starting = Date.now();
      shops[i] = await shops[i]!.restart();
      // Back in rotation before the next one stops, so two are never away at once.
      await untilServedBy(proxy.url, shops[i]!.port);
      away.push(
        `${((starting - stopping) / 1000).toFixed(1)}+${((Date.now() - starting) / 1000).toFixed(1)}`,
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const stats: LoadStats = await load.stop();
    const retried = proxy.retriedRequests().retried - retriedBefore;

    expect(stats.failed, JSON.stringify(stats.answers)).toEqual([]);
    const stored = new Set((await allOrders(proxy, token)).map((order) => order._id));
    expect(stats.acknowledged.filter((order) => !stored.has(order._id))).toEqual([]);
    results.add(
      '(d) rolling restart of all three under load',
      `${stats.requests} requests in ${seconds} s, ${stats.acknowledged.length} orders, 0 failed; ` +
        `nginx retried ${retried} on another process; each away (stop+start s): ${away.join(', ')}`,
    );
  });
});

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** Waits (bounded) until nginx has sent a request to the shop on `port` and got its answer. */
async function untilServedBy(proxyUrl: string, port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${proxyUrl}/api/health`).catch(() => undefined);
    const upstream = response?.headers.get('x-upstream') ?? '';
    if (response?.ok && upstream.split(', ').at(-1) === `127.0.0.1:${port}`) return;
    await sleep(20);
  }
  throw new Error(`nginx did not send a request to 127.0.0.1:${port} within 15 s`);
}

async function flushPrefix(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
