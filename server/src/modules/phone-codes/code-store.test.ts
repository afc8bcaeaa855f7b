import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as crypto from 'node:crypto';
import { phoneCodes } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import { openTestDatabase, uniquePhone } from '../../test/test-app.js';
import { PhoneCodeStore, newCode, sameDigest } from './code-store.js';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

let database: Database;
let now = new Date('2026-03-01T10:00:00Z');
let store: PhoneCodeStore;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new PhoneCodeStore(database.db, 'a-server-secret-that-is-long-enough-0123456789', () => now);
});
afterAll(() => database.close());

const minutes = (n: number) => n * 60_000;
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone codes', () => {
  it('are 6 digits from the CSPRNG, leading zeros kept', () => {
    const codes = Array.from({ length: 200 }, newCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('are stored as a keyed hash, never the digits', async () => {
    const phone = uniquePhone();
    const code = await store.issue(database.db, phone, 'signup');
    const [row] = await database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toContain(code);
    // Not a bare sha256 of the digits either: 10⁶ guesses must need the server's key.
    expect(row!.hash).not.toBe(createHmac('sha256', '').update(code).digest('hex'));
  });

  it('are single use', async () => {
    const phone = uniquePhone();
    const code = await store.issue(database.db, phone, 'signup');
    expect(await store.check(phone, 'signup', code)).toBe(true);
    expect(await store.check(phone, 'signup', code)).toBe(false);
  });

  it('serve their purpose only', async () => {
    const phone = uniquePhone();
    const code = await store.issue(database.db, phone, 'signup');
    expect(await store.check(phone, 'reset', code)).toBe(false);
    expect(await store.check(uniquePhone(), 'signup', code)).toBe(false);
    expect(await store.check(phone, 'signup', code)).toBe(true);
  });

  it('expire after 5 minutes', async () => {
    const phone = uniquePhone();
    const start = now;
    const code = await store.issue(database.db, phone, 'reset');
    now = new Date(start.getTime() + minutes(5) + 1);
    expect(await store.check(phone, 'reset', code)).toBe(false);
    now = start;
    const fresh = await store.issue(database.db, phone, 'reset');
    now = new Date(start.getTime() + minutes(5) - 1000);
    expect(await store.check(phone, 'reset', fresh)).toBe(true);
    now = start;
  });

  it('are void after 5 wrong tries, the right code included', async () => {
    const phone = uniquePhone();
    const code = await store.issue(database.db, phone, 'signup');
    for (let i = 0; i < 5; i += 1) expect(await store.check(phone, 'signup', wrongOf(code))).toBe(false);
    expect(await store.check(phone, 'signup', code)).toBe(false);
  });

  it('take 4 wrong tries and still accept the right one', async () => {
    const phone = uniquePhone();
    const code = await store.issue(database.db, phone, 'signup');
    for (let i = 0; i < 4; i += 1) expect(await store.check(phone, 'signup', wrongOf(code))).toBe(false);
    expect(await store.check(phone, 'signup', code)).toBe(true);
  });

  it('let at most 5 of many simultaneous guesses be compared', async () => {
    const phone = uniquePhone();
    const code = await store.issue(database.db, phone, 'signup');
    const guesses = Array.from({ length: 50 }, (_, i) => String(i).padStart(6, '0')).filter(
      (g) => g !== code,
    );
    await Promise.all(guesses.map((guess) => store.check(phone, 'signup', guess)));
    const [row] = await database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.attempts).toBe(5);
    expect(await store.check(phone, 'signup', code)).toBe(false);
  });

  it('count only the newest code of a phone and purpose', async () => {
    const phone = uniquePhone();
    const first = await store.issue(database.db, phone, 'signup');
    const second = await store.issue(database.db, phone, 'signup');
    if (first !== second) expect(await store.check(phone, 'signup', first)).toBe(false);
    expect(await store.check(phone, 'signup', second)).toBe(true);
  });

  it('keep an orders code usable for 30 minutes after its first good check', async () => {
    const phone = uniquePhone();
    const start = now;
    const code = await store.issue(database.db, phone, 'orders');
    now = new Date(start.getTime() + minutes(4));
    expect(await store.check(phone, 'orders', code)).toBe(true);
    now = new Date(start.getTime() + minutes(20));
    expect(await store.check(phone, 'orders', code)).toBe(true);
    now = new Date(start.getTime() + minutes(33));
    expect(await store.check(phone, 'orders', code)).toBe(true);
    now = new Date(start.getTime() + minutes(34) + 1);
    expect(await store.check(phone, 'orders', code)).toBe(false);
    now = start;
  });

  it('do not open an orders lookup after 5 minutes when never checked', async () => {
    const phone = uniquePhone();
    const start = now;
    const code = await store.issue(database.db, phone, 'orders');
    now = new Date(start.getTime() + minutes(6));
    expect(await store.check(phone, 'orders', code)).toBe(false);
    now = start;
  });

  it('are compared in constant time', async () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    const phone = uniquePhone();
    const code = await store.issue(database.db, phone, 'signup');
    await store.check(phone, 'signup', wrongOf(code));
    await store.check(phone, 'signup', code);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(sameDigest('ab'.repeat(32), 'ab'.repeat(32))).toBe(true);
    expect(sameDigest('ab'.repeat(32), 'ac'.repeat(32))).toBe(false);
    expect(sameDigest('ab'.repeat(32), 'ab')).toBe(false);
  });
});
