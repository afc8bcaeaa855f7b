import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestShop, insertProduct, uniquePhone, type TestShop } from '../../test/test-app.js';
import { smsFailureReason } from './shop-metrics.js';

const TOKEN = 'scraper-token-0123456789abcdef';

/** A metric's value in the text format, by its name with labels as written (`name{a="b"}`). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let shop: TestShop;
  let behindProxy: TestShop;
  beforeAll(async () => {
    shop = await buildTestShop({ metrics: { allow: ['127.0.0.1/8', '::1'], token: TOKEN } });
    behindProxy = await buildTestShop({
      metrics: { allow: ['10.0.0.0/8'], token: undefined },
      keepDatabase: true,
      databaseHandle: shop.database,
    });
  });
  afterAll(async () => {
    await behindProxy.close();
    await shop.close();
  });

  const scrape = (target: TestShop, remoteAddress: string, authorization?: string) =>
    target.app.inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });

  it('answers loopback and METRICS_ALLOW addresses, and a caller with the token', async () => {
    const local = await scrape(shop, '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(local.body).toContain('nodejs_eventloop_lag_seconds');
    expect((await scrape(shop, '203.0.113.7', `Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await scrape(behindProxy, '10.20.30.40')).statusCode).toBe(200);
  });

  it('is a 404 to anyone else, as if there were no such page', async () => {
    for (const [target, address, authorization] of [
      [shop, '203.0.113.7', undefined],
      [shop, '203.0.113.7', 'Bearer wrong-token-0123456789abcdef'],
      [shop, '127.0.0.1', 'Bearer wrong-token-0123456789abcdef'],
      [behindProxy, '127.0.0.1', undefined],
      [behindProxy, '11.0.0.1', `Bearer ${TOKEN}`],
    ] as const) {
      const response = await scrape(target, address, authorization);
      expect(response.statusCode, `${address} ${authorization}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts a placed order, its payment, its staff alert waiting and the request', async () => {
    const before = (await scrape(shop, '127.0.0.1')).body;
    const { id } = await insertProduct(shop, { stock: 5 });
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Aziza',
        phoneNumber: uniquePhone(),
        items: [{ productId: id, quantity: 1, color: 'oq' }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const after = (await scrape(shop, '127.0.0.1')).body;
    expect(valueOf(after, 'shop_orders_placed_total')).toBe(
      (valueOf(before, 'shop_orders_placed_total') ?? 0) + 1,
    );
    expect(valueOf(after, 'shop_payments{method="cash",outcome="unpaid"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'shop_outbox_depth{outbox="staff_alerts"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'shop_outbox_depth{outbox="sms"}')).toBe(0);
    expect(valueOf(after, 'http_requests_total{method="POST",route="/api/orders",status="201"}')).toBe(1);
  });

  it('counts public reads served from the cache and made afresh', async () => {
    const first = await shop.app.inject({ url: '/api/products?limit=3' });
    expect(first.statusCode).toBe(200);
    await shop.app.inject({ url: '/api/products?limit=3' });
    const text = (await scrape(shop, '127.0.0.1')).body;
    expect(valueOf(text, 'shop_public_read_cache_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'shop_public_read_cache_total{result="miss"}')).toBeGreaterThanOrEqual(1);
  });

  it('names SMS failures by a reason of few values', () => {
    expect(smsFailureReason('Eskiz answered 400 to message/sms/send')).toBe('provider_400');
    expect(smsFailureReason('Eskiz did not answer auth/login (TimeoutError)')).toBe('provider_unreachable');
    expect(smsFailureReason('the code expired before it could be sent')).toBe('code_expired');
  });
});

describe('GET /api/health/ready', () => {
  it('is ready once the database answers with every migration applied', async () => {
    const shop = await buildTestShop();
    try {
      const ready = await shop.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not_configured' });
      await shop.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const behind = await shop.app.inject({ url: '/api/health/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ status: 'not_ready', database: 'migrations_pending' });
    } finally {
      await shop.close();
    }
  });
});
