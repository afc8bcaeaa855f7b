import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { smsOutbox } from '../src/db/schema.js';
import { EskizSmsProvider } from '../src/modules/phone-codes/sms-providers.js';
import { FakeEskiz } from '../src/test/fake-eskiz.js';
import { recordFigure } from '../src/test/reliability-figures.js';
import { codeFor } from '../src/test/sms.js';
import { buildTestShop, createUser, uniquePhone, type TestShop } from '../src/test/test-app.js';
import { QUICK, sleep } from './harness.js';

/*
 * SMS codes under attack and outage, in-process (the code store and its limits are the subject,
 * not the process): guessing one code, asking one phone's codes from many addresses, and Eskiz
 * down while shoppers ask for codes.
 */

const OUTAGE_MS = QUICK ? 10_000 : 60_000;
const shops: TestShop[] = [];
afterAll(async () => {
  vi.useRealTimers();
  for (const shop of shops) await shop.close();
});

describe('SMS codes', () => {
  it('1 000 wrong guesses against one reset code: none gets through, and the code is void after the 5th', async () => {
    const shop = await buildTestShop({ rateLimits: { signUpsPerAddressPerMinute: 1_000_000 } });
    shops.push(shop);
    const customer = await createUser(shop, 'customer');
    const code = await codeFor(shop, customer.phoneNumber, 'reset');
    const wrong = Array.from({ length: 1000 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrong.map((guess, i) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/reset',
          payload: { phoneNumber: customer.phoneNumber, code: guess, password: 'taken-over-1' },
          remoteAddress: `10.${Math.floor(i / 250)}.${i % 250}.1`,
        }),
      ),
    );
    const through = answers.filter((answer) => answer.statusCode === 200).length;
    const fiveXx = answers.filter((answer) => answer.statusCode >= 500).length;
    const right = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { phoneNumber: customer.phoneNumber, code, password: 'taken-over-1' },
    });
    const ok = through === 0 && fiveXx === 0 && right.statusCode === 400;
    recordFigure({
      test: 'SMS code guessing',
      figure: `1 000 wrong guesses at once: ${through} through, ${fiveXx} 5xx; the right code after them: ${right.statusCode === 400 ? 'refused (void after 5 tries)' : 'accepted'}`,
      ok,
    });
    expect(through).toBe(0);
    expect(fiveXx).toBe(0);
    expect(right.statusCode).toBe(400);
  });

  it('one phone asked for from 300 addresses over a quarter of an hour: at most 10 codes sent', async () => {
    const shop = await buildTestShop();
    shops.push(shop);
    const phone = uniquePhone();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let accepted = 0;
    let refused = 0;
    // 15 rounds a minute and a bit apart (past the cool-down), 20 addresses each. A sign-up code,
    // as a lookup or reset code for a phone with no account and no orders sends nothing at all.
    for (let round = 0; round < 15; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          shop.app.inject({
            method: 'POST',
            url: '/api/auth/codes',
            payload: { phoneNumber: phone, purpose: 'signup' },
            remoteAddress: `10.60.${round}.${i + 1}`,
          }),
        ),
      );
      accepted += answers.filter((answer) => answer.statusCode === 202).length;
      refused += answers.filter((answer) => answer.statusCode === 429).length;
      vi.setSystemTime(Date.now() + 61_000);
    }
    vi.useRealTimers();
    const rows = await shop.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    recordFigure({
      test: 'SMS codes for one phone from many addresses',
      figure: `300 requests from 300 addresses over 15 min: ${accepted} codes made, ${rows.length} SMS queued, ${refused} refused (429)`,
      ok: accepted <= 10 && rows.length <= 10 && accepted + refused === 300,
    });
    // One a minute passes the cool-down; the phone's own cap (10 an hour) stops the rest.
    expect(accepted).toBe(10);
    expect(rows).toHaveLength(10);
    expect(refused).toBe(290);
  });

  it(`Eskiz down ${OUTAGE_MS / 1000} s while 50 codes are asked for: all 50 sent once after it is back`, async () => {
    const eskiz = await new FakeEskiz().start();
    const shop = await buildTestShop({
      smsProvider: new EskizSmsProvider(
        { provider: 'eskiz', email: eskiz.email, password: eskiz.password, from: '4546', apiRoot: eskiz.url },
        2_000,
      ),
    });
    shops.push(shop);
    try {
      eskiz.mode = 'down';
      const started = Date.now();
      const phones = Array.from({ length: 50 }, () => uniquePhone());
      for (const [i, phone] of phones.entries()) {
        const answer = await shop.app.inject({
          method: 'POST',
          url: '/api/auth/codes',
          payload: { phoneNumber: phone, purpose: 'signup' },
          remoteAddress: `10.61.${Math.floor(i / 10)}.${(i % 10) + 1}`,
        });
        expect(answer.statusCode).toBe(202);
        await sleep(OUTAGE_MS / 50);
      }
      const during = eskiz.messages.length;
      eskiz.mode = 'up';
      const back = Date.now();
      const count = (phone: string) =>
        eskiz.messages.filter((sms) => sms.mobilePhone === phone.slice(1)).length;
      while (Date.now() - back < 60_000 && phones.some((phone) => count(phone) === 0)) await sleep(250);
      const drainedMs = Date.now() - back;
      await sleep(3_000);
      const lost = phones.filter((phone) => count(phone) === 0).length;
      const twice = phones.filter((phone) => count(phone) > 1).length;
      recordFigure({
        test: 'Eskiz outage',
        figure: `down ${Math.round((back - started) / 1000)} s, 50 codes asked for: ${during} sent during, ${50 - lost} sent ${(drainedMs / 1000).toFixed(1)} s after it was back, ${lost} lost, ${twice} sent twice`,
        ok: lost === 0 && twice === 0,
      });
      expect(lost).toBe(0);
      expect(twice).toBe(0);
    } finally {
      await eskiz.stop();
    }
  });
});
