import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema.js';
import { FakeEskiz } from '../../test/fake-eskiz.js';
import { buildTestShop, uniquePhone, type TestShop } from '../../test/test-app.js';
import { EskizSmsProvider } from './sms-providers.js';

const eskiz = new FakeEskiz();
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const provider = () =>
  new EskizSmsProvider(
    { provider: 'eskiz', email: eskiz.email, password: eskiz.password, from: '4546', apiRoot: eskiz.url },
    2_000,
  );

async function shopWithEskiz(extra: Parameters<typeof buildTestShop>[0] = {}): Promise<TestShop> {
  return buildTestShop({
    smsProvider: provider(),
    // Backoff stays short, so an outage's end is seen within the test.
    phoneCodes: { pollMs: 60_000, maxBackoffMs: 40 },
    logger: { level: 'debug', stream: logStream },
    ...extra,
  });
}

let shop: TestShop;
let address = 0;
const ask = (target: TestShop, phoneNumber: string, purpose = 'signup') =>
  target.app.inject({
    method: 'POST',
    url: '/api/auth/codes',
    payload: { phoneNumber, purpose },
    remoteAddress: `10.5.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });

/** Passes until the outbox is empty (or 5 s): the backoff between them is short here. */
async function drain(target: TestShop): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    await target.app.services.sms.pass();
    const pending = await target.database.db.select().from(smsOutbox).where(eq(smsOutbox.state, 'pending'));
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the SMS outbox did not empty');
}

beforeAll(async () => {
  await eskiz.start();
  shop = await shopWithEskiz();
});
afterEach(() => {
  eskiz.mode = 'up';
  eskiz.refreshWorks = true;
});
afterAll(async () => {
  await shop.close();
  await eskiz.stop();
});

describe('SMS through Eskiz', () => {
  it('logs in once, then sends with the token: 998XXXXXXXXX, the text and the sender', async () => {
    const phone = uniquePhone();
    expect((await ask(shop, phone)).statusCode).toBe(202);
    await drain(shop);
    const sent = eskiz.messages.filter((sms) => sms.mobilePhone === phone.slice(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.from).toBe('4546');
    expect(sent[0]!.message).toMatch(/^Mebel Shop: ro'yxatdan o'tish kodi \d{6}\./);
    expect(eskiz.calls.filter((call) => call === 'POST /auth/login')).toHaveLength(1);
    // Once sent, the code's digits are not kept in the outbox.
    const rows = await shop.database.db.select().from(smsOutbox);
    expect(rows.every((row) => row.state !== 'sent' || row.message === '')).toBe(true);
  });

  it('renews an expired token (refresh, else a new login) and loses no message', async () => {
    eskiz.expireTokens();
    const first = uniquePhone();
    await ask(shop, first);
    await drain(shop);
    expect(eskiz.calls.slice(-3)).toEqual([
      'POST /message/sms/send',
      'PATCH /auth/refresh',
      'POST /message/sms/send',
    ]);
    eskiz.expireTokens();
    eskiz.refreshWorks = false;
    const second = uniquePhone();
    await ask(shop, second);
    await drain(shop);
    expect(eskiz.calls.slice(-4)).toEqual([
      'POST /message/sms/send',
      'PATCH /auth/refresh',
      'POST /auth/login',
      'POST /message/sms/send',
    ]);
    for (const phone of [first, second])
      expect(eskiz.messages.filter((sms) => sms.mobilePhone === phone.slice(1))).toHaveLength(1);
  });

  it('sends every code asked for during an outage once Eskiz is back: none lost, none twice', async () => {
    eskiz.mode = 'down';
    const phones = Array.from({ length: 8 }, () => uniquePhone());
    for (const phone of phones) expect((await ask(shop, phone, 'signup')).statusCode).toBe(202);
    await shop.app.services.sms.pass();
    eskiz.mode = 'error';
    await new Promise((resolve) => setTimeout(resolve, 60));
    await shop.app.services.sms.pass();
    expect(eskiz.messages.filter((sms) => phones.includes(`+${sms.mobilePhone}`))).toHaveLength(0);
    eskiz.mode = 'up';
    await drain(shop);
    for (const phone of phones)
      expect(eskiz.messages.filter((sms) => sms.mobilePhone === phone.slice(1))).toHaveLength(1);
  });

  it('keeps a code through a restart while Eskiz is down, and the next process sends it once', async () => {
    const phone = uniquePhone();
    eskiz.mode = 'down';
    await ask(shop, phone);
    await shop.app.services.sms.pass();
    // This process's sender stops, as at a restart; another process on the same database takes over.
    await shop.app.services.sms.stop();
    eskiz.mode = 'up';
    const next = await shopWithEskiz({ databaseHandle: shop.database, keepDatabase: true });
    try {
      await drain(next);
      expect(eskiz.messages.filter((sms) => sms.mobilePhone === phone.slice(1))).toHaveLength(1);
    } finally {
      await next.close();
      // The first process's sender back at work, for the tests after this one.
      shop.app.services.sms.start();
    }
  });

  it('gives up a message whose code expired before Eskiz came back', async () => {
    eskiz.mode = 'down';
    const phone = uniquePhone();
    await ask(shop, phone);
    await shop.database.db
      .update(smsOutbox)
      .set({ giveUpAt: new Date(Date.now() - 1000) })
      .where(eq(smsOutbox.phone, phone));
    eskiz.mode = 'up';
    await drain(shop);
    const [row] = await shop.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(row).toMatchObject({ state: 'dead', message: '' });
    expect(eskiz.messages.filter((sms) => sms.mobilePhone === phone.slice(1))).toHaveLength(0);
  });

  it('never writes the Eskiz password or a token to the log', () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toMatch(/SMS: the provider did not take a message/);
    expect(log).not.toContain(eskiz.password);
    for (const token of eskiz.tokens) expect(log).not.toContain(token);
  });
});

describe('SMS_PROVIDER=log', () => {
  it('writes the message, code included, to the server log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { LogSmsProvider } = await import('./sms-providers.js');
    const { default: pino } = await import('pino');
    await new LogSmsProvider(pino({}, stream)).send('+998901234567', 'Mebel Shop: code 123456');
    expect(lines.join('')).toMatch(/"to":"\+998901234567".*Mebel Shop: code 123456/);
  });
});
