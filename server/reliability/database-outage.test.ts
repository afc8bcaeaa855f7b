import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  ADMIN,
  type Answer,
  call,
  cleanupAfterAll,
  createPostgresDatabase,
  createProduct,
  freePort,
  freshStorage,
  loginAdmin,
  placeOrder,
  POSTGRES_URL,
  shopperPhone,
  ShopProcess,
  sleep,
} from './harness.js';
import { TcpProxy } from './tcp-proxy.js';

const cleanup = cleanupAfterAll();

async function shopOn(databaseUrl: string) {
  const { dataDir } = await freshStorage(false, cleanup);
  const shop = await ShopProcess.start({ dataDir, databaseUrl });
  cleanup(() => shop.kill());
  const token = await loginAdmin(shop);
  const product = await createProduct(shop, token, {
    name: 'Outage desk',
    price: 200_000,
    stock: 100,
    color: ['oq'],
  });
  return { shop, product };
}

/** What a shopper and a monitor see while the database is gone. */
async function expectUnavailable(shop: ShopProcess, productId: string, phone: string): Promise<number> {
  const answers: Answer[] = await Promise.all([
    call(shop, 'GET', '/api/products'),
    call(shop, 'GET', `/api/products/${productId}`),
    placeOrder(shop, phone, [{ productId, quantity: 1, color: 'oq' }]),
    call(shop, 'POST', '/api/auth/login', { body: { phoneNumber: ADMIN.phone, password: ADMIN.password } }),
  ]);
  for (const answer of answers) {
    // On a miss, show what the shop logged: the error it did not recognise as an outage.
    const errorsLogged = shop.logLines.filter((line) => line.includes('"level":50')).slice(-3);
    expect(answer.status, errorsLogged.join('\n')).toBe(503);
    expect(answer.body).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      message: expect.stringMatching(/database/i),
    });
  }
  const health = await call(shop, 'GET', '/api/health');
  expect(health.status).toBe(503);
  expect(health.body).toMatchObject({ status: 'error', message: expect.stringMatching(/database/i) });
  return answers.length + 1;
}

/** Milliseconds until the same process answers health, a listing and an order again. */
async function expectRecovery(shop: ShopProcess, productId: string, phone: string): Promise<number> {
  const backAt = Date.now();
  while ((await call(shop, 'GET', '/api/health')).status !== 200) {
    expect(Date.now() - backAt).toBeLessThan(30_000);
    await sleep(100);
  }
  const milliseconds = Date.now() - backAt;
  expect((await call(shop, 'GET', '/api/products')).status).toBe(200);
  expect((await placeOrder(shop, phone, [{ productId, quantity: 1, color: 'oq' }])).status).toBe(201);
  expect(shop.child.exitCode).toBeNull();
  return milliseconds;
}

describe('PostgreSQL going away while the shop runs', () => {
  it('answers 503 with a clear message, says so on /api/health, and recovers without a restart', async () => {
    const database = await createPostgresDatabase();
    cleanup(database.drop);
    const target = new URL(POSTGRES_URL);
    const proxy = new TcpProxy(await freePort(), {
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    await proxy.open();
    cleanup(() => proxy.cut());
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const { shop, product } = await shopOn(viaProxy.toString());
    expect(
      (await placeOrder(shop, shopperPhone(1), [{ productId: product._id, quantity: 1, color: 'oq' }]))
        .status,
    ).toBe(201);
    const pid = shop.pid;

    await proxy.cut();
    const cutAt = Date.now();
    let refused = await expectUnavailable(shop, product._id, shopperPhone(2));
    // Still down a moment later: every answer is a prompt 503, none hangs.
    await sleep(2_000);
    refused += await expectUnavailable(shop, product._id, shopperPhone(3));
    const downSeconds = (Date.now() - cutAt) / 1000;

    await proxy.open();
    const recoveryMs = await expectRecovery(shop, product._id, shopperPhone(4));
    expect(shop.pid).toBe(pid);

    recordFigure({
      test: 'database outage',
      variant: 'connection cut',
      figure: `connections to PostgreSQL cut for ${downSeconds.toFixed(1)} s: ${refused} requests → 503 DATABASE_UNAVAILABLE (health included); healthy ${recoveryMs} ms after it came back, same process`,
      ok: true,
    });
  });

  // Stopping the real server disturbs everything else on it, so it runs only when asked (CI does).
  const cluster = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : undefined;
  it.runIf(process.env.RELIABILITY_STOP_POSTGRES === '1' && cluster)(
    'survives PostgreSQL itself being stopped and started again',
    async () => {
      const pgctl = (action: 'stop' | 'start') =>
        execFileSync('pg_ctlcluster', [
          '--skip-systemctl-redirect',
          cluster!,
          'main',
          action,
          ...(action === 'stop' ? ['-m', 'fast'] : []),
        ]);
      const database = await createPostgresDatabase();
      cleanup(database.drop);
      const { shop, product } = await shopOn(database.url);
      const pid = shop.pid;

      pgctl('stop');
      cleanup(() => {
        if (!isRunning()) pgctl('start');
      });
      let refused: number;
      try {
        refused = await expectUnavailable(shop, product._id, shopperPhone(10));
      } finally {
        pgctl('start');
      }
      const recoveryMs = await expectRecovery(shop, product._id, shopperPhone(11));
      expect(shop.pid).toBe(pid);

      recordFigure({
        test: 'database outage',
        variant: 'server stopped',
        figure: `pg_ctlcluster stop -m fast: ${refused} requests → 503 DATABASE_UNAVAILABLE (health included); healthy ${recoveryMs} ms after start, same process`,
        ok: true,
      });
    },
  );
});

function isRunning(): boolean {
  try {
    execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']);
    return true;
  } catch {
    return false;
  }
}
