import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { smsOutbox } from '../src/db/schema.js';
import { EskizSmsProvider } from '../src/modules/phone-codes/sms-providers.js';
import { FakeEskiz } from '../src/test/fake-eskiz.js';
import { recordFigure } from '../src/test/reliability-figures.js';
import { buildTestShop, uniquePhone, type TestShop } from '../src/test/test-app.js';

/*
 * Eskiz refusing every text for five minutes (its templates not yet moderated, as a new account
 * does), then accepting. The window is played on a moved clock, not waited: 50 shoppers ask for a
 * sign-up code across it, each then tries to sign up and must be told the SMS was not sent (not
 * "wrong code", not left waiting); once Eskiz accepts, each asks again and signs up. Nothing may
 * stay queued, and no refused text may be tried again.
 */

const SHOPPERS = 50;
const WINDOW_MS = 5 * 60_000;
let shop: TestShop;
const eskiz = new FakeEskiz();
afterAll(async () => {
  vi.useRealTimers();
  await shop?.close();
  await eskiz.stop();
});

const addressOf = (index: number) => `10.62.${Math.floor(index / 200)}.${(index % 200) + 1}`;

const askCode = (phone: string, index: number) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/auth/codes',
    payload: { phoneNumber: phone, purpose: 'signup' },
    remoteAddress: addressOf(index),
  });

const signUp = (phone: string, code: string, index: number) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    payload: { fullName: 'Dilnoza Karimova', phoneNumber: phone, password: 'tahta-stol-2026', code },
    remoteAddress: addressOf(index),
  });

describe('Eskiz refusing every text', () => {
  it('for 5 minutes: every shopper in the window told the code was not sent, all sign up once it accepts, nothing stuck', async () => {
    await eskiz.start();
    shop = await buildTestShop({
      smsProvider: new EskizSmsProvider(
        { provider: 'eskiz', email: eskiz.email, password: eskiz.password, from: '4546', apiRoot: eskiz.url },
        2_000,
      ),
      phoneCodes: { pollMs: 60_000, maxBackoffMs: 40 },
      rateLimits: { signUpsPerAddressPerMinute: 1_000_000 },
    });
    const phones = Array.from({ length: SHOPPERS }, () => uniquePhone());
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

    eskiz.mode = 'unmoderated';
    const told: string[] = [];
    for (const [index, phone] of phones.entries()) {
      expect((await askCode(phone, index)).statusCode).toBe(202);
      await shop.app.services.sms.pass();
      const answer = await signUp(phone, '123456', index);
      if (answer.statusCode === 409 && answer.json().code === 'SMS_NOT_SENT') told.push(phone);
      vi.setSystemTime(Date.now() + WINDOW_MS / SHOPPERS);
    }
    const refusedInWindow = eskiz.refused.length;

    eskiz.mode = 'up';
    vi.setSystemTime(Date.now() + 61_000);
    let signedUp = 0;
    for (const [index, phone] of phones.entries()) {
      expect((await askCode(phone, SHOPPERS + index)).statusCode).toBe(202);
      await shop.app.services.sms.pass();
      const sms = eskiz.messages.filter((message) => message.mobilePhone === phone.slice(1));
      const code = /\b(\d{6})\b/.exec(sms.at(-1)?.message ?? '')?.[1] ?? '';
      if ((await signUp(phone, code, SHOPPERS + index)).statusCode === 201) signedUp += 1;
    }
    vi.useRealTimers();
    await shop.app.services.sms.pass();

    const rows = await shop.database.db.select().from(smsOutbox).where(inArray(smsOutbox.phone, phones));
    const stuck = rows.filter((row) => row.state !== 'sent' && row.state !== 'dead').length;
    const dead = rows.filter((row) => row.state === 'dead').length;
    const sentTwice = phones.filter(
      (phone) => eskiz.messages.filter((message) => message.mobilePhone === phone.slice(1)).length > 1,
    ).length;
    recordFigure({
      test: 'Eskiz refusing every text',
      figure:
        `${SHOPPERS} sign-up codes asked over 5 min while Eskiz refused every text: ${refusedInWindow} refused once each, ` +
        `${told.length} shoppers told SMS_NOT_SENT on their next request; after it accepted: ${signedUp} signed up, ` +
        `${stuck} messages left queued, ${dead} stored as refused, ${sentTwice} sent twice`,
      ok: told.length === SHOPPERS && signedUp === SHOPPERS && stuck === 0 && sentTwice === 0,
    });
    expect(told).toHaveLength(SHOPPERS);
    expect(refusedInWindow).toBe(SHOPPERS);
    expect(signedUp).toBe(SHOPPERS);
    expect(stuck).toBe(0);
    expect(dead).toBe(SHOPPERS);
    expect(sentTwice).toBe(0);
    const [firstRefused] = await shop.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phones[0]!));
    expect(firstRefused).toMatchObject({ state: 'dead', failure: 'moderation' });
  });
});
