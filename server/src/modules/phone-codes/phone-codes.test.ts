import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.js';
import { connectRedis, type SharedRedis } from '../../shared-state/redis.js';
import { codeFor } from '../../test/sms.js';
import { buildTestShop, createUser, insertProduct, uniquePhone, type TestShop } from '../../test/test-app.js';

let shop: TestShop;
let addressCounter = 0;
const freshAddress = () => `10.7.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

beforeAll(async () => {
  shop = await buildTestShop();
});
afterAll(() => shop.close());

function askCode(payload: Record<string, unknown>, remoteAddress = freshAddress(), headers = {}) {
  return shop.app.inject({ method: 'POST', url: '/api/auth/codes', payload, remoteAddress, headers });
}
const post = (url: string, payload: Record<string, unknown>, target: TestShop = shop) =>
  target.app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });
const lookup = (phone: string, headers: Record<string, string> = {}, target: TestShop = shop) =>
  target.app.inject({
    method: 'GET',
    url: `/api/orders/customer/${encodeURIComponent(phone)}`,
    headers,
    remoteAddress: freshAddress(),
  });
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function placeOrder(target: TestShop, phoneNumber: string) {
  const product = await insertProduct(target);
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: freshAddress(),
    payload: {
      customerName: 'Aziz Karimov',
      phoneNumber,
      items: [{ productId: product.id, quantity: 1, color: 'oq', price: product.price }],
      totalAmount: product.price,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /api/auth/codes', () => {
  it('answers 202 {expiresIn: 300, retryAfter: 60} alike for a phone with and without an account', async () => {
    const customer = await createUser(shop, 'customer');
    for (const purpose of ['signup', 'reset', 'orders']) {
      const known = await askCode({ phoneNumber: customer.phoneNumber, purpose });
      const unknown = await askCode({ phoneNumber: uniquePhone(), purpose });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual({ expiresIn: 300, retryAfter: 60 });
      expect(unknown.body).toBe(known.body);
    }
  });

  it('sends the code by SMS in the shopper’s language, naming the shop and the purpose', async () => {
    const phone = uniquePhone();
    await placeOrder(shop, phone);
    await askCode({ phoneNumber: phone, purpose: 'signup' }, freshAddress(), {
      'accept-language': 'ru-RU,ru;q=0.9',
    });
    await askCode({ phoneNumber: phone, purpose: 'orders' }, freshAddress(), { 'accept-language': 'en' });
    await askCode({ phoneNumber: phone, purpose: 'reset' }, freshAddress());
    await shop.app.services.sms.pass();
    const texts = shop.sms.sent.filter((sms) => sms.phone === phone).map((sms) => sms.message);
    // A reset code goes only to a phone with an account: there is none here.
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^Mebel Shop: код регистрации \d{6}\./);
    expect(texts[1]).toMatch(/^Mebel Shop: your code to see your orders is \d{6}\./);
    const customer = await createUser(shop, 'customer');
    await askCode({ phoneNumber: customer.phoneNumber, purpose: 'reset' });
    await shop.app.services.sms.pass();
    expect(shop.sms.sent.at(-1)!.message).toMatch(/^Mebel Shop: parolni tiklash kodi \d{6}\. /);
  });

  it('answers 429 with Retry-After for a second code within 60 s, per phone and purpose', async () => {
    const phone = uniquePhone();
    expect((await askCode({ phoneNumber: phone, purpose: 'signup' })).statusCode).toBe(202);
    const again = await askCode({ phoneNumber: phone, purpose: 'signup' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await askCode({ phoneNumber: phone, purpose: 'orders' })).statusCode).toBe(202);
  });

  it('a reset or lookup code for a phone with no account and no orders: 202 alike, nothing sent, nothing counted', async () => {
    const phone = uniquePhone();
    const address = freshAddress();
    for (let i = 0; i < 12; i += 1) {
      for (const purpose of ['reset', 'orders']) {
        const response = await askCode({ phoneNumber: phone, purpose }, address);
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ expiresIn: 300, retryAfter: 60 });
      }
    }
    await shop.app.services.sms.pass();
    expect(shop.sms.sent.filter((sms) => sms.phone === phone)).toHaveLength(0);
    // Nothing was counted: the phone's owner signs up from the same address at once.
    expect((await askCode({ phoneNumber: phone, purpose: 'signup' }, address)).statusCode).toBe(202);
    // Checkout's instalment check asks before any order: that code is sent.
    await askCode({ phoneNumber: phone, purpose: 'orders', forInstalments: true }, address);
    await shop.app.services.sms.pass();
    expect(shop.sms.sent.filter((sms) => sms.phone === phone)).toHaveLength(2);
    expect(shop.sms.sent.at(-1)!.message).toMatch(
      /^Mebel Shop: muddatli to'lovni rasmiylashtirish kodi \d{6}/,
    );
  });

  it('answers 400 for a bad phone or purpose', async () => {
    expect((await askCode({ phoneNumber: '12345', purpose: 'signup' })).statusCode).toBe(400);
    expect((await askCode({ phoneNumber: uniquePhone(), purpose: 'login' })).statusCode).toBe(400);
    expect((await askCode({ phoneNumber: uniquePhone() })).statusCode).toBe(400);
  });
});

describe('POST /api/auth/signUp with a code', () => {
  const account = (phoneNumber: string, code?: string) => ({
    fullName: 'Jasur Aliyev',
    phoneNumber,
    password: 'secret123',
    ...(code !== undefined && { code }),
  });

  it('creates a verified customer with the signup code', async () => {
    const phone = uniquePhone();
    const response = await post('/api/auth/signUp', account(phone, await codeFor(shop, phone, 'signup')));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user).toMatchObject({ phoneNumber: phone, phoneVerified: true, role: 'customer' });
  });

  it.each([
    ['no code', undefined],
    ['a wrong code', 'wrong'],
  ])('answers 400 PHONE_CODE_INVALID with %s and creates nobody', async (_label, kind) => {
    const phone = uniquePhone();
    const code = await codeFor(shop, phone, 'signup');
    const response = await post('/api/auth/signUp', account(phone, kind ? wrongOf(code) : undefined));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PHONE_CODE_INVALID');
    expect(await shop.database.db.select().from(users).where(eq(users.phoneNumber, phone))).toHaveLength(0);
  });

  it('refuses a code of another purpose', async () => {
    const phone = uniquePhone();
    const code = await codeFor(shop, phone, 'orders', true);
    const response = await post('/api/auth/signUp', account(phone, code));
    expect(response.json().code).toBe('PHONE_CODE_INVALID');
  });

  it('takes no code with PHONE_VERIFICATION=off, and the account is not verified', async () => {
    const open = await buildTestShop({ phoneCodes: { verifySignUp: false } });
    try {
      const phone = uniquePhone();
      const response = await post('/api/auth/signUp', account(phone), open);
      expect(response.statusCode).toBe(201);
      expect(response.json().user.phoneVerified).toBe(false);
    } finally {
      await open.close();
    }
  });
});

describe('POST /api/auth/reset', () => {
  it('sets the new password, signs in, and ends every older session', async () => {
    const customer = await createUser(shop, 'customer');
    const code = await codeFor(shop, customer.phoneNumber, 'reset');
    const response = await post('/api/auth/reset', {
      phoneNumber: customer.phoneNumber,
      code,
      password: 'brand-new-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toMatchObject({ _id: customer.id, phoneVerified: true });
    const me = (authorization: string) =>
      shop.app.inject({ method: 'GET', url: '/api/me/wishlist', headers: { authorization } });
    expect((await me(customer.headers.authorization)).statusCode).toBe(401);
    expect((await me(`Bearer ${body.token}`)).statusCode).toBe(200);
    const login = (password: string) =>
      post('/api/auth/login', { phoneNumber: customer.phoneNumber, password });
    expect((await login('brand-new-1')).statusCode).toBe(200);
    expect((await login(customer.password)).statusCode).toBe(401);
    // Single use: the same code does not reset again.
    const again = await post('/api/auth/reset', {
      phoneNumber: customer.phoneNumber,
      code,
      password: 'x-123456',
    });
    expect(again.json().code).toBe('PHONE_CODE_INVALID');
  });

  it('works for staff, and the reset is written to the audit log', async () => {
    const manager = await createUser(shop, 'manager');
    const code = await codeFor(shop, manager.phoneNumber, 'reset');
    const response = await post('/api/auth/reset', {
      phoneNumber: manager.phoneNumber,
      code,
      password: 'staff-new-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('manager');
    const entries = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, manager.id), eq(auditLog.action, 'passwordReset')));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain('staff-new-1');
  });

  it('answers a wrong code and a phone without an account alike: 400 PHONE_CODE_INVALID', async () => {
    const customer = await createUser(shop, 'customer');
    const code = await codeFor(shop, customer.phoneNumber, 'reset');
    const wrong = await post('/api/auth/reset', {
      phoneNumber: customer.phoneNumber,
      code: wrongOf(code),
      password: 'brand-new-1',
    });
    const unknownPhone = uniquePhone();
    expect((await askCode({ phoneNumber: unknownPhone, purpose: 'reset' })).statusCode).toBe(202);
    const unknown = await post('/api/auth/reset', {
      phoneNumber: unknownPhone,
      code: '123456',
      password: 'brand-new-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
  });

  it('answers 400 VALIDATION_ERROR for a short password or a malformed code', async () => {
    const phone = uniquePhone();
    const short = await post('/api/auth/reset', { phoneNumber: phone, code: '123456', password: '123' });
    const malformed = await post('/api/auth/reset', {
      phoneNumber: phone,
      code: '12a',
      password: 'secret123',
    });
    expect(short.json().code).toBe('VALIDATION_ERROR');
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/orders/customer/:phone behind a code', () => {
  it('answers 401 PHONE_CODE_REQUIRED without a code or with a wrong one, alike for any phone', async () => {
    const phone = uniquePhone();
    await placeOrder(shop, phone);
    const code = await codeFor(shop, phone, 'orders');
    for (const response of [
      await lookup(phone),
      await lookup(phone, { 'x-phone-code': wrongOf(code) }),
      await lookup(uniquePhone()),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('PHONE_CODE_REQUIRED');
    }
  });

  it('answers the orders with the code, again on reload, and not for another phone', async () => {
    const phone = uniquePhone();
    const order = await placeOrder(shop, phone);
    const code = await codeFor(shop, phone, 'orders');
    for (let i = 0; i < 3; i += 1) {
      const response = await lookup(phone, { 'x-phone-code': code });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((o: { _id: string }) => o._id)).toEqual([order._id]);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    expect((await lookup(uniquePhone(), { 'x-phone-code': code })).statusCode).toBe(401);
  });

  it('opens to a signed-in customer whose verified phone it is, without a code', async () => {
    const phone = uniquePhone();
    await placeOrder(shop, phone);
    const signUp = await post('/api/auth/signUp', {
      fullName: 'Aziz Karimov',
      phoneNumber: phone,
      password: 'secret123',
      code: await codeFor(shop, phone, 'signup'),
    });
    const authorization = `Bearer ${signUp.json().token}`;
    expect((await lookup(phone, { authorization })).statusCode).toBe(200);
    expect((await lookup(uniquePhone(), { authorization })).statusCode).toBe(401);
    // An older account, never verified, needs the code like anyone.
    const unverified = await createUser(shop, 'customer');
    expect((await lookup(unverified.phoneNumber, unverified.headers)).statusCode).toBe(401);
  });

  it('is open with ORDER_LOOKUP=open', async () => {
    const open = await buildTestShop({ phoneCodes: { orderLookupOpen: true } });
    try {
      const phone = uniquePhone();
      await placeOrder(open, phone);
      const response = await lookup(phone, {}, open);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toHaveLength(1);
    } finally {
      await open.close();
    }
  });
});

describe('code limits across two processes sharing Redis', () => {
  let redisA: SharedRedis;
  let redisB: SharedRedis;
  let a: TestShop;
  let b: TestShop;
  beforeAll(async () => {
    const prefix = `test:${randomUUID()}:`;
    const quiet = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
    redisA = await connectRedis('redis://127.0.0.1:6379', quiet);
    redisB = await connectRedis('redis://127.0.0.1:6379', quiet);
    a = await buildTestShop({ redis: redisA, redisPrefix: prefix });
    b = await buildTestShop({
      redis: redisB,
      redisPrefix: prefix,
      databaseHandle: a.database,
      keepDatabase: true,
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redisA.close();
    await redisB.close();
  });

  it('keeps the 60 s cool-down whichever process the second request reaches', async () => {
    const phone = uniquePhone();
    const ask = (target: TestShop) =>
      target.app.inject({
        method: 'POST',
        url: '/api/auth/codes',
        payload: { phoneNumber: phone, purpose: 'signup' },
        remoteAddress: freshAddress(),
      });
    expect((await ask(a)).statusCode).toBe(202);
    const second = await ask(b);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('caps one client address at 20 codes an hour across both', async () => {
    const address = '10.77.0.1';
    const statuses = [];
    for (let i = 0; i < 22; i += 1) {
      const response = await (i % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/auth/codes',
        payload: { phoneNumber: uniquePhone(), purpose: 'signup' },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('staff order views', () => {
  it('say "phone verified" for orders of a phone a customer proved by code, and not for others', async () => {
    const manager = await createUser(shop, 'manager');
    const phone = uniquePhone();
    const verifiedOrder = await placeOrder(shop, phone);
    const otherOrder = await placeOrder(shop, uniquePhone());
    await post('/api/auth/signUp', {
      fullName: 'Aziz Karimov',
      phoneNumber: phone,
      password: 'secret123',
      code: await codeFor(shop, phone, 'signup'),
    });
    const list = await shop.app.inject({
      method: 'GET',
      url: '/api/orders?limit=100',
      headers: manager.headers,
    });
    const byId = new Map(list.json().docs.map((order: { _id: string }) => [order._id, order]));
    expect(byId.get(verifiedOrder._id)).toMatchObject({ customer: { phoneVerified: true } });
    expect(byId.get(otherOrder._id)).toMatchObject({ customer: { phoneVerified: false } });
    const patched = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${verifiedOrder._id}`,
      headers: manager.headers,
      payload: { notes: 'Call first' },
    });
    expect(patched.json().customer.phoneVerified).toBe(true);
    // The shopper's own lookup does not carry it.
    const mine = await lookup(phone, { 'x-phone-code': await codeFor(shop, phone, 'orders') });
    expect(mine.json().data[0].customer).not.toHaveProperty('phoneVerified');
  });
});
