import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderNumber } from '@shop/common';
import { staffAlerts } from '../../db/schema.js';
import { FakeBotApi } from '../../test/fake-bot-api.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  truncateAll,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { giveLineVariant } from '../../test/variant-lines.js';
import { AlertWorker } from './alert-worker.js';

const TOKEN = '123456:TEST-token_for-the-fake-api';
const CHAT = '-1001234567890';
const FAST = { pollMs: 20, baseBackoffMs: 40, maxBackoffMs: 200, requestTimeoutMs: 2_000 };

let bot: FakeBotApi;
let shop: TestShop;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  bot = await new FakeBotApi().start();
  shop = await buildTestShop({
    telegram: { token: TOKEN, chatId: CHAT, apiRoot: bot.url },
    alertTiming: FAST,
    // Many orders from the one address inject uses: the order limits are not under test here.
    orderLimits: { enabled: false },
  });
  admin = await createUser(shop, 'admin');
  manager = await createUser(shop, 'manager');
});
afterAll(async () => {
  await shop.close();
  await bot.stop();
});
afterEach(() => {
  bot.setMode({ kind: 'ok' });
  bot.messages.length = 0;
});

async function placeOrder(quantity = 1, customerName = 'Aziz Karimov') {
  const product = await insertProduct(shop, { name: 'Yumshoq divan', price: 1_250_000, stock: 100 });
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName,
      phoneNumber: uniquePhone(),
      items: [{ productId: product.id, quantity, color: 'oq' }],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string; total: number; customer: { phoneNumber: string } }>();
}

async function alertsOf(orderId: string) {
  return shop.database.db.select().from(staffAlerts).where(eq(staffAlerts.orderId, orderId));
}

const sentFor = (orderId: string) => bot.messages.filter((message) => message.text.includes(orderId));

describe('staff alerts through the outbox', () => {
  it('tells the staff chat of a new order: number, lines, total, name, tap-to-call phone and the back-office link', async () => {
    const order = await placeOrder(2, 'Aziz <b>Karimov</b>');
    await vi.waitFor(() => expect(sentFor(order._id)).toHaveLength(1), { timeout: 5_000 });
    const [message] = sentFor(order._id);
    expect(message!.token).toBe(TOKEN);
    expect(message!.chatId).toBe(CHAT);
    expect(message!.parseMode).toBe('HTML');
    expect(message!.text).toContain('Yangi buyurtma');
    expect(message!.text).toContain(orderNumber(order._id));
    expect(message!.text).toContain('Yumshoq divan (oq) × 2 — 2 500 000 soʻm');
    expect(message!.text).toContain('Jami: 2 500 000 soʻm');
    // Shopper-typed text is escaped, so it cannot break or style the message.
    expect(message!.text).toContain('Aziz &lt;b&gt;Karimov&lt;/b&gt;');
    expect(message!.text).toContain(`📞 ${order.customer.phoneNumber}`);
    expect(message!.text).toContain(`href="http://shop.test/admin/orders?order=${order._id}"`);
    await vi.waitFor(async () => expect((await alertsOf(order._id))[0]!.state).toBe('sent'));
  });

  it("writes the alert in the order's transaction: a refused order leaves none", async () => {
    const product = await insertProduct(shop, { stock: 1 });
    const [before] = await shop.database.db.select({ total: count() }).from(staffAlerts);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Ali',
        phoneNumber: uniquePhone(),
        items: [{ productId: product.id, quantity: 5, color: 'oq' }],
      },
    });
    expect(response.statusCode).toBe(409);
    const [after] = await shop.database.db.select({ total: count() }).from(staffAlerts);
    expect(after!.total).toBe(before!.total);
  });

  it('tells of a cancelled order and of a payment received', async () => {
    const order = await placeOrder();
    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: manager.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    await vi.waitFor(() => expect(sentFor(order._id).map((m) => m.text.split('\n')[0])).toHaveLength(2));
    expect(sentFor(order._id)[1]!.text).toContain('Buyurtma bekor qilindi');

    const paid = await placeOrder();
    const cash = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${paid._id}/payments/cash`,
      headers: manager.headers,
      payload: { amount: paid.total },
    });
    expect(cash.statusCode).toBe(200);
    await vi.waitFor(() => expect(sentFor(paid._id)).toHaveLength(2));
    expect(sentFor(paid._id)[1]!.text).toContain('Toʻlov qabul qilindi');
  });

  it("names a line's variant by its label and SKU in an alert about the order", async () => {
    const order = await placeOrder();
    await giveLineVariant(shop, order._id);
    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: manager.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    await vi.waitFor(() => expect(sentFor(order._id)).toHaveLength(2));
    expect(sentFor(order._id)[1]!.text).toContain('Yumshoq divan (140×70 sm · Eman) [DESK-140-OAK] × 1');
  });

  it('waits as long as a 429 says (retry_after), then sends each alert once', async () => {
    bot.queue({
      kind: 'status',
      status: 429,
      description: 'Too Many Requests: retry after 1',
      retryAfter: 1,
    });
    const started = Date.now();
    const order = await placeOrder();
    await vi.waitFor(() => expect(sentFor(order._id)).toHaveLength(1), { timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    // Marked sent just after Telegram's answer: the first try (429) and the one that went through.
    await vi.waitFor(async () =>
      expect((await alertsOf(order._id))[0]).toMatchObject({ state: 'sent', attempts: 2 }),
    );
  });

  it('retries 5xx answers and cut connections with backoff, losing none', async () => {
    bot.setMode({ kind: 'status', status: 502, description: 'Bad Gateway' });
    const first = await placeOrder();
    await vi.waitFor(async () => expect((await alertsOf(first._id))[0]!.attempts).toBeGreaterThanOrEqual(2));
    bot.setMode({ kind: 'down' });
    const second = await placeOrder();
    const callsWhileDown = bot.calls;
    await vi.waitFor(() => expect(bot.calls).toBeGreaterThan(callsWhileDown + 1));
    const status = await shop.app.inject({
      method: 'GET',
      url: '/api/alerts/status',
      headers: admin.headers,
    });
    expect(status.json()).toMatchObject({ telegram: 'failing' });
    expect(status.json().counts.pending).toBeGreaterThanOrEqual(2);
    bot.setMode({ kind: 'ok' });
    await vi.waitFor(() => expect(sentFor(first._id).length + sentFor(second._id).length).toBe(2), {
      timeout: 5_000,
    });
    // Oldest first: a failure stops the pass, so the order of events is kept.
    expect(bot.messages.findIndex((m) => m.text.includes(first._id))).toBeLessThan(
      bot.messages.findIndex((m) => m.text.includes(second._id)),
    );
    await vi.waitFor(async () =>
      expect(
        (await shop.app.inject({ method: 'GET', url: '/api/alerts/status', headers: admin.headers })).json(),
      ).toMatchObject({ telegram: 'ok', problem: null }),
    );
  });

  it('puts an alert Telegram refuses for itself (400) in the dead letters; an admin can send it again', async () => {
    bot.queue({ kind: 'status', status: 400, description: "Bad Request: can't parse entities" });
    const order = await placeOrder();
    await vi.waitFor(async () => expect((await alertsOf(order._id))[0]!.state).toBe('dead'));
    const status = (
      await shop.app.inject({ method: 'GET', url: '/api/alerts/status', headers: admin.headers })
    ).json();
    const dead = status.dead.find((entry: { orderId: string }) => entry.orderId === order._id);
    expect(dead).toMatchObject({ kind: 'orderPlaced', orderNumber: orderNumber(order._id), attempts: 1 });
    expect(dead.lastError).toContain("can't parse entities");

    const asManager = await shop.app.inject({
      method: 'POST',
      url: `/api/alerts/${dead._id}/retry`,
      headers: manager.headers,
    });
    expect(asManager.statusCode).toBe(403);
    const retry = await shop.app.inject({
      method: 'POST',
      url: `/api/alerts/${dead._id}/retry`,
      headers: admin.headers,
    });
    expect(retry.statusCode).toBe(200);
    await vi.waitFor(() => expect(sentFor(order._id)).toHaveLength(1));
    const again = await shop.app.inject({
      method: 'POST',
      url: `/api/alerts/${dead._id}/retry`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/api/alerts/abc/retry',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows the status to admins only', async () => {
    const asManager = await shop.app.inject({
      method: 'GET',
      url: '/api/alerts/status',
      headers: manager.headers,
    });
    expect(asManager.statusCode).toBe(403);
    const asGuest = await shop.app.inject({ method: 'GET', url: '/api/alerts/status' });
    expect(asGuest.statusCode).toBe(401);
  });
});

describe('a token or chat id Telegram refuses', () => {
  function fakeLog() {
    const lines: string[] = [];
    const log = {
      error: (message: unknown) => lines.push(`error ${String(message)}`),
      warn: (message: unknown) => lines.push(`warn ${String(message)}`),
      info: (message: unknown) => lines.push(`info ${String(message)}`),
    } as unknown as FastifyBaseLogger;
    return { log, lines };
  }

  for (const [what, mode] of [
    ['token (401)', { kind: 'status', status: 401, description: 'Unauthorized' }],
    [
      'chat id (400 chat not found)',
      { kind: 'status', status: 400, description: 'Bad Request: chat not found' },
    ],
  ] as const) {
    it(`${what}: said once in the log and on the status, orders still placed, alerts kept`, async () => {
      const refusing = await new FakeBotApi().start();
      refusing.setMode(mode);
      await truncateAll(shop);
      const { log, lines } = fakeLog();
      const worker = new AlertWorker(
        shop.database.db,
        { token: TOKEN, chatId: CHAT, apiRoot: refusing.url },
        'http://shop.test',
        { acquire: async () => true, release: async () => {} },
        log,
        { ...FAST, giveUpAfterMs: 86_400_000 },
      );
      // The shop's own worker must not take these alerts first.
      await shop.app.services.alerts.stop();
      try {
        await placeOrder();
        await placeOrder();
        for (let pass = 0; pass < 5; pass += 1) await worker.pass();
        expect(refusing.calls).toBe(1);
        expect(worker.state).toBe('refused');
        expect(worker.problem).toContain(String(mode.status));
        expect(lines.filter((line) => line.startsWith('error'))).toHaveLength(1);
        expect(lines.join('\n')).not.toContain(TOKEN);
        const rows = await shop.database.db.select().from(staffAlerts);
        expect(rows.map((row) => row.state)).toEqual(['pending', 'pending']);
      } finally {
        await refusing.stop();
        shop.app.services.alerts.start();
      }
    });
  }

  it('a refusal on the running shop shows on the admin status and blocks no order', async () => {
    bot.setMode({ kind: 'status', status: 401, description: 'Unauthorized' });
    const other = await buildTestShop({
      telegram: { token: TOKEN, chatId: CHAT, apiRoot: bot.url },
      alertTiming: FAST,
    });
    try {
      const boss = await createUser(other, 'admin');
      const product = await insertProduct(other);
      for (let i = 0; i < 3; i += 1) {
        const response = await other.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customerName: 'Ali',
            phoneNumber: uniquePhone(),
            items: [{ productId: product.id, quantity: 1, color: 'oq' }],
          },
        });
        expect(response.statusCode).toBe(201);
      }
      await vi.waitFor(async () => {
        const status = await other.app.inject({
          method: 'GET',
          url: '/api/alerts/status',
          headers: boss.headers,
        });
        expect(status.json()).toMatchObject({
          telegram: 'refused',
          counts: { pending: 3, sent: 0, dead: 0 },
        });
        expect(status.json().problem).toContain('401');
      });
    } finally {
      await other.close();
    }
  });
});
