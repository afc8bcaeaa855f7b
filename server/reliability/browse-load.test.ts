import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import type { Paged, Product } from '@shop/common';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  call,
  cleanupAfterAll,
  DATABASES,
  freePort,
  freshStorage,
  placeOrder,
  QUICK,
  shopperPhone,
  ShopProcess,
} from './harness.js';

const SECONDS = QUICK ? 5 : 30;
const CONNECTIONS = 50;
/**
 * A floor, not a goal: about half the lowest ratio to the bare route that docs/reliability.md
 * and the CI runs of 2026-11-25 show (PGlite 0.038–0.055, PostgreSQL 0.090–0.153), so a change
 * that makes browsing twice as slow fails the run instead of only lowering a figure.
 */
const RATIO_FLOOR: Record<string, number> = { PGlite: 0.019, PostgreSQL: 0.045 };

async function startBareServer() {
  const port = await freePort();
  const child = fork(fileURLToPath(new URL('./bare-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port) },
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

/** Each request from a different made-up shopper address, as many shoppers behind a proxy. */
const randomAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    statuses: result.statusCodeStats,
  };
}

describe.each(DATABASES)(
  `browse load on $variant (${SECONDS} s × ${CONNECTIONS} connections)`,
  ({ variant, postgres }) => {
    const cleanup = cleanupAfterAll();

    it('answers a mix of listing, search, detail and lookup with zero errors', async () => {
      const shop = await ShopProcess.start({
        ...(await freshStorage(postgres, cleanup)),
        // The mix times the lookup's read; the SMS code it needs by default has its own rows
        // (phone-codes.test.ts), and one load generator cannot answer codes at this rate.
        env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn', ORDER_LOOKUP: 'open' },
      });
      cleanup(() => shop.kill('SIGTERM'));
      const bare = await startBareServer();
      cleanup(bare.stop);

      const catalogue = await call<Paged<Product>>(shop, 'GET', '/api/products?limit=20');
      // Ordered by colour alone, as a spec §7 client does: products sold as variants need a variant.
      const [first, second] = catalogue.body.docs.filter((product) => product.variants.length === 0);
      expect(first && second).toBeTruthy();
      const phone = shopperPhone(4242);
      for (const product of [first!, second!]) {
        const answer = await placeOrder(shop, phone, [
          { productId: product._id, quantity: 1, color: product.color[0]! },
        ]);
        expect(answer.status).toBe(201);
      }
      const setupRequest = (request: autocannon.Request): autocannon.Request => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': randomAddress() },
      });
      const paths = [
        '/api/products?page=1&limit=9',
        '/api/products?category=school&sort=price_asc&page=1&limit=9',
        '/api/products?search=stul&limit=9',
        `/api/products/${first!._id}`,
        `/api/products/${second!._id}`,
        `/api/orders/customer/${encodeURIComponent(phone)}`,
      ];

      const shopRun = await load({
        url: shop.url,
        requests: paths.map((path) => ({ method: 'GET', path, setupRequest })),
      });
      const bareRun = await load({ url: bare.url });
      const ratio = shopRun.rps / bareRun.rps;

      expect(shopRun.errors, JSON.stringify(shopRun.statuses)).toBe(0);
      expect(shopRun.requests).toBeGreaterThan(0);
      expect(ratio, `÷ bare ${ratio.toFixed(3)}`).toBeGreaterThanOrEqual(RATIO_FLOOR[variant]!);
      recordFigure({
        test: 'browse load',
        variant,
        figure: `${SECONDS} s × ${CONNECTIONS} connections, ${paths.length}-route mix: ${shopRun.requests} requests, ${shopRun.rps.toFixed(0)} req/s, p50 ${shopRun.p50} ms, p99 ${shopRun.p99} ms, 0 errors; ÷ bare Fastify route in the same run (${bareRun.rps.toFixed(0)} req/s) = ${ratio.toFixed(3)}`,
        ok: true,
      });
    });
  },
);
