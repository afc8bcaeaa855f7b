import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderNumber } from '@shop/common';
import { telegramLinks, users } from '../../db/schema.js';
import { FakeBotApi } from '../../test/fake-bot-api.js';
import { TEST_BOT_TOKEN, launchDataFor } from '../../test/telegram.js';
import { buildTestShop, createUser, insertProduct, uniquePhone, type TestShop } from '../../test/test-app.js';

const SECRET = 'webhook-secret-for-the-tests_0123';
let api: FakeBotApi;
let shop: TestShop;
let nextTelegramId = 500_000_000 + Math.floor(Math.random() * 1_000_000);

beforeAll(async () => {
  api = await new FakeBotApi().start();
  shop = await buildTestShop({
    telegramShop: { token: TEST_BOT_TOKEN, apiRoot: api.url, updates: 'webhook', webhookSecret: SECRET },
    orderLimits: { enabled: false },
  });
});
afterAll(async () => {
  await shop.close();
  await api.stop();
});
beforeEach(() => {
  api.messages.length = 0;
});

interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  language_code?: string;
}
const telegramUser = (language_code = 'uz'): TelegramUser => ({
  id: nextTelegramId++,
  first_name: 'Dilnoza',
  last_name: 'Rashidova',
  language_code,
});

let updateId = 1;
/** A private-chat message from `from`, through the webhook as Telegram would send it. */
function message(from: TelegramUser, content: Record<string, unknown>, secret: string | null = SECRET) {
  const text = typeof content.text === 'string' ? content.text : undefined;
  return shop.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: {
      update_id: updateId++,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from: { ...from, is_bot: false },
        ...content,
        ...(text?.startsWith('/') && { entities: [{ type: 'bot_command', offset: 0, length: text.length }] }),
      },
    },
  });
}
const shareContact = (from: TelegramUser, phone: string, userId = from.id) =>
  message(from, { contact: { phone_number: phone.slice(1), first_name: from.first_name, user_id: userId } });
const signIn = (initData: string) =>
  shop.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData } });
const sentTo = (from: TelegramUser) => api.messages.filter((sent) => sent.chatId === String(from.id));

describe('the customer bot, through its webhook', () => {
  it('answers 401 without the webhook secret or with a wrong one, before reading the body', async () => {
    const from = telegramUser();
    expect((await message(from, { text: '/start' }, null)).statusCode).toBe(401);
    expect((await message(from, { text: '/start' }, `${SECRET}x`)).statusCode).toBe(401);
    const garbage = await shop.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': 'nope' },
      payload: { not: 'an update' },
    });
    expect(garbage.statusCode).toBe(401);
    expect(sentTo(from)).toHaveLength(0);
  });

  it('greets /start in the user’s language with a Mini App button and a share-phone keyboard', async () => {
    for (const [code, greeting, share] of [
      ['ru', 'Здравствуйте', 'Отправить номер'],
      ['en-US', 'Hello', 'Share my phone number'],
      ['de', 'Assalomu alaykum', 'Telefon raqamni yuborish'],
    ] as const) {
      const from = telegramUser(code);
      expect((await message(from, { text: '/start' })).statusCode).toBe(200);
      const [hello, ask] = sentTo(from);
      expect(hello!.text).toContain(greeting);
      expect(hello!.replyMarkup).toEqual({
        inline_keyboard: [[{ text: expect.any(String), web_app: { url: 'http://shop.test/?tg=1' } }]],
      });
      expect(ask!.replyMarkup).toMatchObject({
        keyboard: [[{ text: expect.stringContaining(share), request_contact: true }]],
        one_time_keyboard: true,
      });
    }
  });

  it('links the sender’s own contact to a new, verified customer account; refuses someone else’s', async () => {
    const from = telegramUser('en');
    const phone = uniquePhone();
    await shareContact(from, phone, from.id + 1);
    expect(sentTo(from).at(-1)!.text).toContain('your own number');
    expect(await shop.app.services.users.findByPhone(phone)).toBeUndefined();

    expect((await shareContact(from, phone)).statusCode).toBe(200);
    expect(sentTo(from).some((sent) => sent.text.includes(`${phone} is linked`))).toBe(true);
    const account = await shop.app.services.users.findByPhone(phone);
    expect(account).toMatchObject({ fullName: 'Dilnoza Rashidova', role: 'customer', phoneVerified: true });
    const [link] = await shop.database.db
      .select()
      .from(telegramLinks)
      .where(eq(telegramLinks.telegramUserId, from.id));
    expect(link).toMatchObject({ userId: account!.id, chatId: from.id, language: 'en', news: true });
  });

  it('marks an existing customer verified, and never links a staff account', async () => {
    const customer = await createUser(shop, 'customer');
    const from = telegramUser('uz');
    await shareContact(from, customer.phoneNumber);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row!.phoneVerified).toBe(true);

    const manager = await createUser(shop, 'manager');
    const staffSide = telegramUser('en');
    await shareContact(staffSide, manager.phoneNumber);
    expect(sentTo(staffSide).at(-1)!.text).toContain('staff account');
    expect(await shop.app.services.telegramShop.links.userOf(staffSide.id)).toBeUndefined();
  });

  it('lists /orders with their state, and turns news off with /stop and on with /start', async () => {
    const from = telegramUser('ru');
    const phone = uniquePhone();
    const product = await insertProduct(shop, { price: 300_000 });
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Dilnoza',
        phoneNumber: phone,
        items: [{ productId: product.id, quantity: 2, color: 'oq' }],
      },
    });
    expect(placed.statusCode).toBe(201);
    await message(from, { text: '/orders' });
    expect(sentTo(from).at(-1)!.replyMarkup).toMatchObject({ keyboard: [[{ request_contact: true }]] });

    await shareContact(from, phone);
    await message(from, { text: '/orders' });
    const list = sentTo(from).at(-1)!.text;
    expect(list).toContain('Ваши последние заказы');
    expect(list).toContain(`${orderNumber(placed.json<{ _id: string }>()._id)} · 600 000 сум · принят`);

    await message(from, { text: '/stop' });
    expect(sentTo(from).at(-1)!.text).toContain('отключены');
    const newsOf = async () =>
      (
        await shop.database.db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, from.id))
      )[0]!.news;
    expect(await newsOf()).toBe(false);
    await message(from, { text: '/start' });
    expect(await newsOf()).toBe(true);
  });
});

describe('POST /api/auth/telegram', () => {
  it('signs a linked shopper in with the shop’s own token', async () => {
    const from = telegramUser('uz');
    const phone = uniquePhone();
    await shareContact(from, phone);
    const response = await signIn(launchDataFor(from));
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      token: string;
      user: { phoneNumber: string; role: string; name: string };
    }>();
    expect(body.user).toMatchObject({ phoneNumber: phone, role: 'customer', name: 'Dilnoza Rashidova' });
    const mine = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/customer/${encodeURIComponent(phone)}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('answers 409 TELEGRAM_PHONE_NEEDED for a Telegram account that shared no phone yet', async () => {
    const response = await signIn(launchDataFor(telegramUser()));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'TELEGRAM_PHONE_NEEDED' });
  });

  it('answers 401 to a tampered field, another bot’s token, a stale auth_date and a missing hash', async () => {
    const from = telegramUser();
    await shareContact(from, uniquePhone());
    const tampered = new URLSearchParams(launchDataFor(from));
    tampered.set('auth_date', String(Number(tampered.get('auth_date')) - 1));
    const noHash = new URLSearchParams(launchDataFor(from));
    noHash.delete('hash');
    for (const initData of [
      tampered.toString(),
      launchDataFor(from, { botToken: '999999:another-bot' }),
      launchDataFor(from, { authDate: Math.floor(Date.now() / 1000) - 25 * 3600 }),
      noHash.toString(),
    ]) {
      const response = await signIn(initData);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'TELEGRAM_INIT_DATA_INVALID' });
    }
    expect((await signIn('')).statusCode).toBe(400);
  });

  it('answers 404 TELEGRAM_OFF in a shop without a bot', async () => {
    const plain = await buildTestShop();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/telegram',
        payload: { initData: launchDataFor(telegramUser()) },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'TELEGRAM_OFF' });
    } finally {
      await plain.close();
    }
  });
});

describe('TELEGRAM_UPDATES=polling', () => {
  it('takes updates with getUpdates in one process and answers them', async () => {
    const polling = await buildTestShop({
      telegramShop: { token: TEST_BOT_TOKEN, apiRoot: api.url, updates: 'polling', longPollSeconds: 1 },
    });
    try {
      const from = telegramUser('en');
      api.pushUpdate({
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: from.id, type: 'private' },
          from: { ...from, is_bot: false },
          text: '/start',
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        },
      });
      await vi.waitFor(() => expect(sentTo(from).map((sent) => sent.text)[0]).toContain('Hello'), {
        timeout: 5_000,
      });
      // The webhook route is not open while updates come by polling.
      expect(
        (await polling.app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: {} })).statusCode,
      ).toBe(404);
    } finally {
      await polling.close();
    }
  });
});
