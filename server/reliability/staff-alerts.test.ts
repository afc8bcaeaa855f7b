import { describe, expect, it } from 'vitest';
import { FakeBotApi } from '../src/test/fake-bot-api.js';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  call,
  cleanupAfterAll,
  createProduct,
  DATABASES,
  freshStorage,
  loginAdmin,
  placeOrder,
  QUICK,
  shopperPhone,
  ShopProcess,
  sleep,
} from './harness.js';

/*
 * Staff alerts through the outbox, with the shop as its own process and a local server answering
 * like the Telegram Bot API (TELEGRAM_API_ROOT). An order's alert is told apart by its id, which
 * the message carries in the back-office link.
 */

const TOKEN = '4242:reliability-token';
const OUTAGE_MS = QUICK ? 10_000 : 60_000;

async function startWithBot(storage: { dataDir: string; databaseUrl?: string }, bot: FakeBotApi) {
  return ShopProcess.start({
    ...storage,
    env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: '-100777', TELEGRAM_API_ROOT: bot.url },
  });
}

/** Waits until every order has its one "new order" message; returns how many arrived per order. */
async function waitForMessages(bot: FakeBotApi, orderIds: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const perOrder = () =>
    orderIds.map((id) => bot.messages.filter((message) => message.text.includes(`order=${id}`)).length);
  while (Date.now() < deadline && perOrder().some((n) => n === 0)) await sleep(200);
  return perOrder();
}

const cleanup = cleanupAfterAll();

describe('staff alerts when Telegram is down', () => {
  it(`Telegram down ${OUTAGE_MS / 1000} s while 50 orders are placed: 50 messages after it is back, 0 lost`, async () => {
    const bot = await new FakeBotApi().start();
    cleanup(() => bot.stop());
    const storage = await freshStorage(false, cleanup);
    const shop = await startWithBot(storage, bot);
    cleanup(() => shop.kill());
    const token = await loginAdmin(shop);
    const product = await createProduct(shop, token, {
      name: 'Alert desk',
      price: 100_000,
      stock: 1000,
      color: ['oq'],
    });

    bot.setMode({ kind: 'down' });
    const downAt = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const answer = await placeOrder(shop, shopperPhone(700 + i), [
        { productId: product._id, quantity: 1, color: 'oq' },
      ]);
      expect(answer.status).toBe(201);
      ids.push(answer.body._id);
      await sleep(Math.max(0, downAt + ((i + 1) * OUTAGE_MS) / 50 - Date.now()));
    }
    const refusedCalls = bot.calls;
    expect(bot.messages).toHaveLength(0);
    bot.setMode({ kind: 'ok' });
    const upAt = Date.now();
    const perOrder = await waitForMessages(bot, ids, 90_000);
    const catchUpSeconds = ((Date.now() - upAt) / 1000).toFixed(1);
    const lost = perOrder.filter((n) => n === 0).length;
    const duplicates = perOrder.filter((n) => n > 1).length;
    expect(lost).toBe(0);
    expect(duplicates).toBe(0);
    const status = await call<{ counts: { pending: number; dead: number } }>(
      shop,
      'GET',
      '/api/alerts/status',
      { token },
    );
    expect(status.body.counts).toMatchObject({ pending: 0, dead: 0 });
    recordFigure({
      test: 'Telegram outage',
      figure: `down ${OUTAGE_MS / 1000} s (${refusedCalls} calls cut, backing off) while 50 orders were placed (all 201): ${50 - lost} messages after it came back, ${lost} lost, ${duplicates} sent twice; all sent ${catchUpSeconds} s after it was back`,
      ok: lost === 0 && duplicates === 0,
    });
  });
});

describe.each(DATABASES)('kill -9 with alerts pending on $variant', ({ variant, postgres }) => {
  it('20 alerts pending when the process is killed: all sent after the restart', async () => {
    const bot = await new FakeBotApi().start();
    cleanup(() => bot.stop());
    const storage = await freshStorage(postgres, cleanup);
    const shop = await startWithBot(storage, bot);
    cleanup(() => shop.kill());
    const token = await loginAdmin(shop);
    const product = await createProduct(shop, token, {
      name: 'Kill desk',
      price: 90_000,
      stock: 100,
      color: ['oq'],
    });

    bot.setMode({ kind: 'status', status: 502, description: 'Bad Gateway' });
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await placeOrder(shop, shopperPhone(800 + i), [
        { productId: product._id, quantity: 1, color: 'oq' },
      ]);
      expect(answer.status).toBe(201);
      ids.push(answer.body._id);
    }
    const status = await call<{ counts: { pending: number } }>(shop, 'GET', '/api/alerts/status', { token });
    expect(status.body.counts.pending).toBe(20);
    await shop.kill('SIGKILL');

    bot.setMode({ kind: 'ok' });
    const startedAt = Date.now();
    const again = await shop.restart();
    cleanup(() => again.kill());
    const perOrder = await waitForMessages(bot, ids, 60_000);
    const lost = perOrder.filter((n) => n === 0).length;
    const duplicates = perOrder.filter((n) => n > 1).length;
    expect(lost).toBe(0);
    expect(duplicates).toBe(0);
    recordFigure({
      test: 'kill -9 with alerts pending',
      variant,
      figure: `20 alerts pending (Telegram answering 502) at kill -9: ${20 - lost} sent after the restart, ${lost} lost, ${duplicates} twice; all sent ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the restart began`,
      ok: lost === 0 && duplicates === 0,
    });
  });
});
