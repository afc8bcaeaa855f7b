import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { codeFor } from '../../test/sms.js';
import { buildTestShop, createUser, uniquePhone, type TestShop } from '../../test/test-app.js';

let shop: TestShop;
let addressCounter = 0;
/** Failures and sign-ups are counted per client address: each test gets its own. */
const freshAddress = () => `10.2.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

beforeAll(async () => {
  shop = await buildTestShop();
});
afterAll(() => shop.close());

function login(phoneNumber: unknown, password: unknown, remoteAddress = freshAddress()) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phoneNumber, password },
    remoteAddress,
  });
}

function signUp(payload: Record<string, unknown>, remoteAddress = freshAddress()) {
  return shop.app.inject({ method: 'POST', url: '/api/auth/signUp', payload, remoteAddress });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function staffCall(authorization?: string) {
  return shop.app.inject({
    method: 'GET',
    url: '/api/orders?limit=1',
    headers: authorization ? { authorization } : {},
  });
}

const SESSION_USER_KEYS = [
  '_id',
  'createdAt',
  'fullName',
  'lastActiveAt',
  'name',
  'phoneNumber',
  'phoneVerified',
  'role',
  'updatedAt',
];

describe('POST /api/auth/login', () => {
  it('answers 200 with a token and the user, without the password hash, and sets lastActiveAt', async () => {
    const user = await createUser(shop, 'admin', 'Malika Rahimova');
    const before = Date.now();
    const response = await login(user.phoneNumber, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(SESSION_USER_KEYS);
    expect(body.user).toEqual({
      _id: user.id,
      fullName: 'Malika Rahimova',
      name: 'Malika Rahimova',
      phoneNumber: user.phoneNumber,
      role: 'admin',
      phoneVerified: false,
      lastActiveAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.body).not.toMatch(/argon2|password/i);

    const decoded = shop.app.jwt.verify<{ sub: string; role: string; exp: number }>(body.token);
    expect(decoded).toMatchObject({ sub: user.id, role: 'admin' });
    expect(decoded.exp).toBeGreaterThan(nowSeconds());
    expect((await staffCall(`Bearer ${body.token}`)).statusCode).toBe(200);

    const [row] = await shop.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastActiveAt).not.toBeNull();
    expect(row!.lastActiveAt!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(body.user.lastActiveAt)).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('answers 401 INVALID_CREDENTIALS with the same message for a wrong password and an unknown phone', async () => {
    const user = await createUser(shop, 'manager');
    const wrong = await login(user.phoneNumber, 'not-the-password');
    const unknown = await login(uniquePhone(), 'whatever1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: expect.any(String) });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    ['a phone one digit short', '90 123 45 6', 'secret123'],
    ['a phone of another country', '+7 901 234 56 78', 'secret123'],
    ['a phone of the wrong type', 998901234567, 'secret123'],
    ['a missing password', '+998901234567', undefined],
    ['an empty password', '+998901234567', ''],
    // Under the 64 KB a body may hold (a larger one is a 413).
    ['a 50 KB password', '+998901234567', 'p'.repeat(50_000)],
  ])('answers 400 for %s', async (_label, phoneNumber, password) => {
    const response = await login(phoneNumber, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: expect.any(Array) });
  });

  it("gives the phone rule's message for a bad phone", async () => {
    const response = await login('90123456', 'secret123');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      path: 'phoneNumber',
      message: 'Please enter a valid phone number',
    });
  });
});

describe('the phone as people write it', () => {
  it('signs up, logs in and resets with the number in every format the placeholders show', async () => {
    const phone = uniquePhone();
    const local = phone.slice(4);
    const spaced = `${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5, 7)} ${local.slice(7)}`;
    const international = `+998 ${spaced}`;
    const askCode = async (phoneNumber: string, purpose: string) => {
      const asked = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/codes',
        payload: { phoneNumber, purpose },
        remoteAddress: freshAddress(),
      });
      expect(asked.statusCode, asked.body).toBe(202);
      await shop.app.services.sms.pass();
      return shop.sms.lastCode(phone);
    };
    const created = await signUp({
      fullName: 'Nodira Yusupova',
      phoneNumber: international,
      password: 'secret123',
      code: await askCode(international, 'signup'),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.phoneNumber).toBe(phone);
    for (const written of [local, spaced, international])
      expect((await login(written, 'secret123')).statusCode, written).toBe(200);
    const reset = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { phoneNumber: local, code: await askCode(spaced, 'reset'), password: 'brand-new-1' },
      remoteAddress: freshAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(international, 'brand-new-1')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/signUp', () => {
  it('creates a customer (201, token and user) even when the body asks for admin', async () => {
    const phone = uniquePhone();
    const response = await signUp({
      fullName: 'Jasur Aliyev',
      phoneNumber: phone,
      password: 'secret123',
      role: 'admin',
      code: await codeFor(shop, phone, 'signup'),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(SESSION_USER_KEYS);
    expect(body.user).toMatchObject({
      fullName: 'Jasur Aliyev',
      name: 'Jasur Aliyev',
      phoneNumber: phone,
      role: 'customer',
      phoneVerified: true,
    });
    expect(response.body).not.toMatch(/argon2|password/i);

    const [row] = await shop.database.db.select().from(users).where(eq(users.phoneNumber, phone));
    expect(row).toMatchObject({ id: body.user._id, role: 'customer', fullName: 'Jasur Aliyev' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    // The token identifies the new customer: valid (not 401) but not staff (403).
    expect(shop.app.jwt.verify<{ sub: string }>(body.token).sub).toBe(body.user._id);
    const staffOnly = await staffCall(`Bearer ${body.token}`);
    expect(staffOnly.statusCode).toBe(403);
    expect(staffOnly.json().code).toBe('FORBIDDEN');

    // And the new account can log in.
    expect((await login(phone, 'secret123')).statusCode).toBe(200);
  });

  it('answers 409 PHONE_TAKEN for a phone already registered', async () => {
    const user = await createUser(shop, 'manager');
    const response = await signUp({
      fullName: 'Copy',
      phoneNumber: user.phoneNumber,
      password: 'secret123',
      code: await codeFor(shop, user.phoneNumber, 'signup'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PHONE_TAKEN', message: expect.any(String) });
    const rows = await shop.database.db.select().from(users).where(eq(users.phoneNumber, user.phoneNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('manager');
  });

  it("answers 400 with the password rule's message for a short password and creates nobody", async () => {
    const phone = uniquePhone();
    const response = await signUp({ fullName: 'Short', phoneNumber: phone, password: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(response.json().errors).toContainEqual({
      path: 'password',
      message: 'Password must be at least 6 characters long',
    });
    expect(await shop.database.db.select().from(users).where(eq(users.phoneNumber, phone))).toHaveLength(0);
  });

  it.each([
    ['a missing name', { phoneNumber: '+998901110000', password: 'secret123' }],
    ['a blank name', { fullName: '  ', phoneNumber: '+998901110000', password: 'secret123' }],
    ['a 50 KB name', { fullName: 'n'.repeat(50_000), phoneNumber: '+998901110000', password: 'secret123' }],
    ['a bad phone', { fullName: 'A', phoneNumber: '90 111 00 0', password: 'secret123' }],
    ['a password of the wrong type', { fullName: 'A', phoneNumber: '+998901110000', password: 123456 }],
  ])('answers 400 for %s', async (_label, payload) => {
    const response = await signUp(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: expect.any(Array) });
    expect(
      await shop.database.db.select().from(users).where(eq(users.phoneNumber, '+998901110000')),
    ).toHaveLength(0);
  });
});

// Login and sign-up throttles: src/security/brute-force.test.ts; forged, expired and stale tokens:
// src/security/tokens.test.ts.
