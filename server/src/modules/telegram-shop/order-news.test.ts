import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderNumber } from '@shop/common';
import { orderNews } from '../../db/schema.js';
import { FakeBotApi } from '../../test/fake-bot-api.js';
import { TEST_BOT_TOKEN } from '../../test/telegram.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { newsOfChange } from './order-news.js';

let api: FakeBotApi;
let shop: TestShop;
let admin: TestUser;
let telegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

const shopOn = (extra: Parameters<typeof buildTestShop>[0] = {}) =>
  buildTestShop({
    telegramShop: { token: TEST_BOT_TOKEN, apiRoot: api.url, pollMs: 20, maxBackoffMs: 100 },
    orderLimits: { enabled: false },
    ...extra,
  });

beforeAll(async () => {
  api = await new FakeBotApi().start();
  shop = await shopOn();
  admin = await createUser(shop, 'admin');
});
afterAll(async () => {
  await shop.close();
  await api.stop();
});

/** A customer who shared their phone with the bot, chatting in `language`. */
async function linkedCustomer(target: TestShop, language: 'uz' | 'ru' | 'en') {
  const phone = uniquePhone();
  const chatId = telegramId++;
  await target.app.services.telegramShop.links.link({
    telegramUserId: chatId,
    chatId,
    phone,
    fullName: 'Bobur',
    language,
  });
  return { phone, chatId };
}

async function placeOrder(target: TestShop, phone: string) {
  const product = await insertProduct(target, { price: 450_000, stock: 50 });
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Bobur',
      phoneNumber: phone,
      items: [{ productId: product.id, quantity: 1, color: 'oq' }],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string; total: number }>();
}

const staff = (method: 'PATCH' | 'POST', url: string, payload: object) =>
  shop.app.inject({ method, url, payload, headers: admin.headers });
const sentTo = (chatId: number) => api.messages.filter((sent) => sent.chatId === String(chatId));

describe('order news in the customer’s chat', () => {
  it('tells every step of an order, in the chat’s language, with a button back to the order', async () => {
    const { phone, chatId } = await linkedCustomer(shop, 'ru');
    const order = await placeOrder(shop, phone);
    const number = orderNumber(order._id);
    expect((await staff('PATCH', `/api/orders/${order._id}`, { status: 'ordered' })).statusCode).toBe(200);
    expect(
      (await staff('POST', `/api/orders/${order._id}/payments/cash`, { amount: order.total })).statusCode,
    ).toBe(200);
    for (const status of ['out_for_delivery', 'delivered']) {
      expect((await staff('PATCH', `/api/orders/${order._id}/delivery`, { status })).statusCode).toBe(200);
    }
    const second = await placeOrder(shop, phone);
    expect((await staff('PATCH', `/api/orders/${second._id}`, { status: 'cancelled' })).statusCode).toBe(200);

    await vi.waitFor(() => expect(sentTo(chatId)).toHaveLength(7), { timeout: 5_000 });
    expect(sentTo(chatId).map((sent) => sent.text)).toEqual([
      `Ваш заказ ${number} принят. Итого: 450 000 сум.`,
      `Ваш заказ ${number} подтверждён.`,
      `Оплата заказа ${number} получена.`,
      `Ваш заказ ${number} в пути: курьер едет к вам.`,
      `Ваш заказ ${number} доставлен. Спасибо за покупку!`,
      `Ваш заказ ${orderNumber(second._id)} принят. Итого: 450 000 сум.`,
      `Ваш заказ ${orderNumber(second._id)} отменён.`,
    ]);
    expect(sentTo(chatId)[0]!.replyMarkup).toEqual({
      inline_keyboard: [
        [
          {
            text: 'Открыть заказ',
            web_app: { url: `http://shop.test/order-confirmation?order=${order._id}&tg=1` },
          },
        ],
      ],
    });
  });

  it('sends nothing to a customer who stopped the news, nor for an order of a phone no chat is tied to', async () => {
    const { phone, chatId } = await linkedCustomer(shop, 'uz');
    await shop.app.services.telegramShop.links.setNews(chatId, false, 'uz');
    const muted = await placeOrder(shop, phone);
    const stranger = await placeOrder(shop, uniquePhone());
    for (const id of [muted._id, stranger._id]) {
      expect(await shop.database.db.select().from(orderNews).where(eq(orderNews.orderId, id))).toEqual([]);
    }
  });

  it('stops the news of a customer who blocked the bot', async () => {
    const { phone, chatId } = await linkedCustomer(shop, 'en');
    api.queue({ kind: 'status', status: 403, description: 'Forbidden: bot was blocked by the user' });
    const order = await placeOrder(shop, phone);
    await vi.waitFor(
      async () => {
        const [row] = await shop.database.db.select().from(orderNews).where(eq(orderNews.orderId, order._id));
        expect(row!.state).toBe('dead');
      },
      { timeout: 5_000 },
    );
    const next = await placeOrder(shop, phone);
    expect(await shop.database.db.select().from(orderNews).where(eq(orderNews.orderId, next._id))).toEqual(
      [],
    );
    expect(sentTo(chatId)).toHaveLength(0);
  });

  it('keeps news while Telegram is away and sends each once when it is back', async () => {
    const { phone, chatId } = await linkedCustomer(shop, 'en');
    api.setMode({ kind: 'down' });
    const order = await placeOrder(shop, phone);
    await vi.waitFor(
      async () => {
        const [row] = await shop.database.db.select().from(orderNews).where(eq(orderNews.orderId, order._id));
        expect(row!.attempts).toBeGreaterThan(0);
        expect(row!.state).toBe('pending');
      },
      { timeout: 5_000 },
    );
    api.setMode({ kind: 'ok' });
    await vi.waitFor(() => expect(sentTo(chatId)).toHaveLength(1), { timeout: 5_000 });
    expect(sentTo(chatId)[0]!.text).toBe(
      `Your order ${orderNumber(order._id)} is received. Total: 450 000 so'm.`,
    );
  });

  it('sends each message exactly once when the worker stops in the middle of a pass and another process takes over', async () => {
    const first = await shopOn({ telegramShop: { token: TEST_BOT_TOKEN, apiRoot: api.url, pollMs: 60_000 } });
    const { phone, chatId } = await linkedCustomer(first, 'uz');
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await placeOrder(first, phone));
    const worker = first.app.services.telegramShop.news!;
    // The start-up pass may have run already; what it left, a slow pass now takes.
    await worker.pass();
    api.sendDelayMs = 80;
    api.messages.length = 0;
    await first.database.db.update(orderNews).set({ state: 'pending', sentAt: null });
    const passing = worker.pass();
    await vi.waitFor(() => expect(sentTo(chatId).length).toBeGreaterThan(0), { timeout: 5_000 });
    await worker.stop();
    await passing;
    const beforeRestart = sentTo(chatId).length;
    expect(beforeRestart).toBeLessThan(orders.length);

    api.sendDelayMs = 0;
    const second = await shopOn({ databaseHandle: first.database, keepDatabase: true });
    try {
      await vi.waitFor(() => expect(sentTo(chatId)).toHaveLength(orders.length), { timeout: 5_000 });
      for (const order of orders) {
        expect(sentTo(chatId).filter((sent) => sent.text.includes(orderNumber(order._id)))).toHaveLength(1);
      }
      // Telegram's answer arrives before the worker marks its row: wait for the mark too.
      await vi.waitFor(async () => {
        const rows = await second.database.db.select().from(orderNews);
        expect(rows.filter((row) => row.chatId === chatId).map((row) => row.state)).toEqual(
          orders.map(() => 'sent'),
        );
      });
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('newsOfChange', () => {
  const base = { status: 'new', paymentStatus: 'unpaid', deliveryStatus: 'awaiting' } as const;
  it('reads a confirmation, a payment, the delivery steps and a cancellation from a change', () => {
    expect(newsOfChange(base, { ...base, status: 'ordered' })).toEqual(['confirmed']);
    expect(newsOfChange(base, { ...base, paymentStatus: 'paid' })).toEqual(['paid']);
    expect(newsOfChange(base, { ...base, deliveryStatus: 'out_for_delivery' })).toEqual(['outForDelivery']);
    expect(newsOfChange(base, { ...base, deliveryStatus: 'delivered' })).toEqual(['delivered']);
    expect(newsOfChange(base, { ...base, status: 'cancelled' })).toEqual(['cancelled']);
    expect(newsOfChange(base, { ...base, deliveryStatus: 'scheduled' })).toEqual([]);
    expect(newsOfChange({ ...base, status: 'ordered' }, { ...base, status: 'ordered' })).toEqual([]);
  });
});
