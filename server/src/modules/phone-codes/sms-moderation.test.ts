import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@shop/common';
import { smsOutbox } from '../../db/schema.js';
import { ESKIZ_UNMODERATED, FakeEskiz } from '../../test/fake-eskiz.js';
import { buildTestShop, createUser, uniquePhone, type TestShop, type TestUser } from '../../test/test-app.js';
import { EskizSmsProvider } from './sms-providers.js';

// Eskiz as a live account behaves: only the texts `npm run sms:templates` prints are moderated.
const eskiz = new FakeEskiz();
const SECRET = 'eskiz-callback-secret-0123456789';
const CALLBACK_URL = `http://shop.test/api/sms/eskiz/status/${SECRET}`;
let shop: TestShop;
let admin: TestUser;
let address = 0;

const ask = (phoneNumber: string, purpose: string, language: Language = 'uz') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/auth/codes',
    payload: { phoneNumber, purpose },
    headers: { 'accept-language': language },
    remoteAddress: `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });

const rowOf = async (phone: string) =>
  (await shop.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).at(-1)!;

const listed = async (phone: string) => {
  const response = await shop.app.inject({ url: '/api/sms/messages?limit=100', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  const id = String((await rowOf(phone)).id);
  return (response.json().docs as { _id: string }[]).find((doc) => doc._id === id);
};

beforeAll(async () => {
  await eskiz.start();
  shop = await buildTestShop({
    smsProvider: new EskizSmsProvider(
      { provider: 'eskiz', email: eskiz.email, password: eskiz.password, from: '4546', apiRoot: eskiz.url },
      2_000,
      CALLBACK_URL,
    ),
    phoneCodes: { pollMs: 60_000, maxBackoffMs: 40, callbackSecret: SECRET },
  });
  admin = await createUser(shop, 'admin');
});
afterEach(() => {
  eskiz.mode = 'up';
});
afterAll(async () => {
  await shop.close();
  await eskiz.stop();
});

describe('Eskiz sends only moderated texts', () => {
  it('takes every code text the shop sends, in every language and purpose: none refused', async () => {
    for (const language of LANGUAGES) {
      const customer = await createUser(shop, 'customer');
      for (const purpose of ['signup', 'reset', 'orders'])
        expect((await ask(customer.phoneNumber, purpose, language)).statusCode).toBe(202);
    }
    await shop.app.services.sms.pass();
    expect(eskiz.refused).toEqual([]);
    expect(eskiz.messages.length).toBeGreaterThanOrEqual(9);
    // Each carries Eskiz's id, the shop's own id and where the delivery report goes.
    expect(
      eskiz.messages.every((sms) => sms.callbackUrl === CALLBACK_URL && /^\d+$/.test(sms.userSmsId)),
    ).toBe(true);
  });

  it('stores Eskiz’s refusal with the message, shows it to staff and counts it in /metrics', async () => {
    eskiz.mode = 'unmoderated';
    const phone = uniquePhone();
    expect((await ask(phone, 'signup')).statusCode).toBe(202);
    await shop.app.services.sms.pass();
    expect(await rowOf(phone)).toMatchObject({
      state: 'dead',
      message: '',
      purpose: 'signup',
      reason: ESKIZ_UNMODERATED,
      failure: 'moderation',
    });
    expect(await listed(phone)).toMatchObject({
      phoneNumber: `+********${phone.slice(-4)}`,
      purpose: 'signup',
      status: 'failed',
      reason: ESKIZ_UNMODERATED,
    });
    const metrics = await shop.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/shop_sms_failures\{reason="moderation"\} [1-9]/);
  });

  it('tells the shopper whose code could not be sent, on the next request, with a clear 409', async () => {
    eskiz.mode = 'unmoderated';
    const phone = uniquePhone();
    await ask(phone, 'signup', 'ru');
    await shop.app.services.sms.pass();
    const signUp = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signUp',
      payload: { fullName: 'Jasur Aliyev', phoneNumber: phone, password: 'secret123', code: '123456' },
    });
    expect(signUp.statusCode).toBe(409);
    expect(signUp.json().code).toBe('SMS_NOT_SENT');
  });

  it('answers a lookup with a code whose SMS failed as SMS_NOT_SENT, not a wrong code', async () => {
    eskiz.mode = 'unmoderated';
    const phone = uniquePhone();
    // A lookup code is sent only to a phone with an account or an order.
    await shop.app.services.users.create({
      fullName: 'Aziz',
      phoneNumber: phone,
      password: 'secret123',
      role: 'customer',
    });
    await ask(phone, 'orders');
    await shop.app.services.sms.pass();
    const lookup = await shop.app.inject({
      url: `/api/orders/customer/${encodeURIComponent(phone)}`,
      headers: { 'x-phone-code': '123456' },
    });
    expect(lookup.json().code).toBe('SMS_NOT_SENT');
  });
});

describe('Eskiz delivery reports', () => {
  const report = (url: string, form: string) =>
    shop.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('marks a message delivered, or failed with the network’s status, at the callback address', async () => {
    const [delivered, undelivered] = [uniquePhone(), uniquePhone()];
    await ask(delivered, 'signup');
    await ask(undelivered, 'signup');
    await shop.app.services.sms.pass();
    expect(await listed(delivered)).toMatchObject({ status: 'sent' });
    const idOf = (phone: string) => eskiz.messages.find((sms) => sms.mobilePhone === phone.slice(1))!.id;
    const first = eskiz.deliveryReport(idOf(delivered), 'DELIVRD');
    expect((await report(first.url, first.form)).statusCode).toBe(200);
    const second = eskiz.deliveryReport(idOf(undelivered), 'UNDELIV');
    expect((await report(second.url, second.form)).statusCode).toBe(200);
    expect(await listed(delivered)).toMatchObject({ status: 'delivered', reason: null });
    expect(await listed(undelivered)).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('UNDELIV'),
    });
    const metrics = await shop.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/shop_sms_failures\{reason="undelivered"\} [1-9]/);
  });

  it('answers 404 at any other secret and changes nothing', async () => {
    const phone = uniquePhone();
    await ask(phone, 'signup');
    await shop.app.services.sms.pass();
    const id = eskiz.messages.find((sms) => sms.mobilePhone === phone.slice(1))!.id;
    const { form } = eskiz.deliveryReport(id, 'UNDELIV');
    const answer = await report('http://shop.test/api/sms/eskiz/status/not-the-secret-0000000', form);
    expect(answer.statusCode).toBe(404);
    expect(await listed(phone)).toMatchObject({ status: 'sent' });
  });

  it('lists messages for admins and CEOs only', async () => {
    const manager = await createUser(shop, 'manager');
    const ceo = await createUser(shop, 'ceo');
    expect((await shop.app.inject({ url: '/api/sms/messages', headers: manager.headers })).statusCode).toBe(
      403,
    );
    expect((await shop.app.inject({ url: '/api/sms/messages', headers: ceo.headers })).statusCode).toBe(200);
    expect((await shop.app.inject({ url: '/api/sms/messages' })).statusCode).toBe(401);
  });
});
