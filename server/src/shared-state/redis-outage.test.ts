import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestShop, createUser, insertProduct, type TestShop, type TestUser } from '../test/test-app.js';
import { connectRedis, type SharedRedis } from './redis.js';

// A Redis of this test's own (the machine's shared one must not be stopped), on a port of ours.
const PORT = 3288;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const warnings: string[] = [];
const log = {
  warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))),
  info: () => {},
  error: () => {},
} as unknown as FastifyBaseLogger;

const startRedis = () =>
  spawn('redis-server', ['--port', String(PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!hasRedisServer)('Redis goes away and comes back', () => {
  let server: ChildProcess;
  let redis: SharedRedis;
  let shop: TestShop;
  let admin: TestUser;
  const prefix = `outage:${randomUUID()}:`;

  beforeAll(async () => {
    server = startRedis();
    await new Promise((resolve) => setTimeout(resolve, 300));
    redis = await connectRedis(`redis://127.0.0.1:${PORT}`, log);
    await until(() => redis.up);
    shop = await buildTestShop({ redis, redisPrefix: prefix });
    admin = await createUser(shop, 'admin');
  });
  afterAll(async () => {
    await shop.close();
    await redis.close();
    server.kill('SIGKILL');
  });

  const wrongLogins = async (phoneNumber: string, times: number) => {
    const codes = [];
    for (let i = 0; i < times; i += 1) {
      const answer = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber, password: 'wrong-password' },
      });
      codes.push(answer.statusCode);
    }
    return codes;
  };

  it('keeps serving, throttling and showing edits while Redis is down, with a warning; shares again once back', async () => {
    const product = await insertProduct(shop, { price: 100_000 });
    const url = `/api/products/${product.id}`;
    expect((await shop.app.inject({ method: 'GET', url })).json().price).toBe(100_000);

    server.kill('SIGKILL');
    await until(() => !redis.up);
    expect((await shop.app.inject({ method: 'GET', url })).json().price).toBe(100_000);
    const edit = await shop.app.inject({
      method: 'PATCH',
      url,
      payload: { price: 90_000 },
      headers: admin.headers,
    });
    expect(edit.statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url })).json().price).toBe(90_000);
    const customer = await createUser(shop, 'customer');
    expect(await wrongLogins(customer.phoneNumber, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    // The warning comes with the first failed reconnection (within a second), not with the kill.
    await until(() => warnings.some((line) => line.includes('Redis unavailable')));

    server = startRedis();
    await until(() => redis.up, 15_000);
    expect(warnings.some((line) => line.includes('Redis is back'))).toBe(true);
    expect((await shop.app.inject({ method: 'GET', url })).json().price).toBe(90_000);
    expect(await redis.client.get(`${prefix}catalogue-token`)).toBeTruthy();
    const another = await createUser(shop, 'customer');
    expect(await wrongLogins(another.phoneNumber, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    // Counted in Redis again: the key of that phone's failures is there.
    expect(
      await redis.client.exists(`${prefix}sign-in-failures:phone:${another.phoneNumber}@127.0.0.1`),
    ).toBe(1);
  });
});
