import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startShop } from '../test/start-process.js';

// The start as an operator runs it: each refusal stops the process before it opens anything.
const PORT = Number(process.env.START_TEST_PORT ?? 4321);
const folders: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A production configuration that passes every check. */
const GOOD = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-more-than-32-characters',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: 'owner@mebel.uz',
  ESKIZ_PASSWORD: 'eskiz-password',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'off',
};
const PAYME = { PAYME_MERCHANT_ID: 'abc123', PAYME_SECRET_KEY: 'payme-key' };
const CLICK = { CLICK_SERVICE_ID: '1', CLICK_MERCHANT_ID: '2', CLICK_SECRET_KEY: 'click-key' };

const REFUSALS: [string, Record<string, string | undefined>, string][] = [
  ['JWT_SECRET unset', { JWT_SECRET: undefined }, 'JWT_SECRET is not set'],
  ['JWT_SECRET short', { JWT_SECRET: 'short' }, 'JWT_SECRET is shorter than 32 characters'],
  ['codes written to the log', { SMS_PROVIDER: 'log' }, 'SMS_PROVIDER is log while phone verification is on'],
  ['Payme without PUBLIC_URL', PAYME, 'PUBLIC_URL is not set while Payme is on'],
  [
    'Click without PUBLIC_URL',
    { ...CLICK, SHOP_TIN: '123456789' },
    'PUBLIC_URL is not set while Click is on',
  ],
  [
    'Uzum Nasiya without PUBLIC_URL',
    { UZUM_NASIYA_TOKEN: 't' },
    'PUBLIC_URL is not set while Uzum Nasiya is on',
  ],
  [
    'the bot without PUBLIC_URL',
    { TELEGRAM_BOT_TOKEN: '1:x' },
    'PUBLIC_URL is not set while the Telegram bot is on',
  ],
  ['PUBLIC_URL http:// away', { ...PAYME, PUBLIC_URL: 'http://mebel.uz' }, 'PUBLIC_URL is http://'],
  [
    'Eskiz over http://',
    { ESKIZ_API_ROOT: 'http://notify.eskiz.uz/api' },
    'ESKIZ_API_ROOT is an http:// address',
  ],
  [
    'Payme page over http://',
    { PAYME_CHECKOUT_URL: 'http://checkout.paycom.uz' },
    'PAYME_CHECKOUT_URL is an http://',
  ],
  [
    'Click without SHOP_TIN',
    { ...CLICK, PUBLIC_URL: 'https://mebel.uz' },
    'SHOP_TIN is not set while Click is on',
  ],
];

// A start opens and migrates a fresh embedded database: slow on a busy machine.
describe('a production start', { timeout: 120_000 }, () => {
  it.each(REFUSALS)('refuses %s, naming the variable and the fix', async (_name, change, line) => {
    const env = { ...GOOD, DATA_DIR: dataDir(), ...change };
    const result = await startShop(
      Object.fromEntries(
        Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      PORT,
    );
    expect(result.served).toBe(false);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Cannot start the shop: ${line}`);
    expect(lines[0]).toMatch(/[:;] (set|use) /);
    // Nothing was started: no database in the data folder.
    expect(result.stdout).toBe('');
  });

  it('says every problem at once, one line each', async () => {
    const env = { ...GOOD, DATA_DIR: dataDir(), JWT_SECRET: 'short', SMS_PROVIDER: 'log', ...PAYME };
    const result = await startShop(env, PORT);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.map((line) => line.split(' ')[4])).toEqual(['JWT_SECRET', 'SMS_PROVIDER', 'PUBLIC_URL']);
  });

  it('starts with protections off, naming each in a warning line', async () => {
    const env = {
      ...GOOD,
      DATA_DIR: dataDir(),
      ORDER_LIMITS: 'off',
      PHONE_VERIFICATION: 'off',
      ORDER_LOOKUP: 'open',
      MAX_UNITS_PER_PRODUCT: '0',
      ORDER_HOLD_HOURS: '0',
    };
    const result = await startShop(env, PORT);
    expect(result.served).toBe(true);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('Warning: '));
    for (const setting of [
      'ORDER_LIMITS=off',
      'PHONE_VERIFICATION=off',
      'ORDER_LOOKUP=open',
      'MAX_UNITS_PER_PRODUCT=0',
      'ORDER_HOLD_HOURS=0',
    ]) {
      expect(warnings.filter((line) => line.startsWith(`Warning: ${setting}:`))).toHaveLength(1);
    }
    expect(result.stderr).not.toContain('Cannot start');
  });
});

describe('trying the shop (no NODE_ENV=production)', { timeout: 120_000 }, () => {
  it('starts in each of those states, with a warning line for each', async () => {
    const env = {
      DATA_DIR: dataDir(),
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      ...PAYME,
      ...CLICK,
      ESKIZ_API_ROOT: 'http://notify.eskiz.uz/api',
      ORDER_LOOKUP: 'open',
    };
    const result = await startShop(env, PORT);
    expect(result.served).toBe(true);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('Warning: '));
    for (const start of [
      'JWT_SECRET is not set',
      'SMS_PROVIDER is log',
      'PUBLIC_URL is not set while Payme, Click are on',
      'ESKIZ_API_ROOT is an http://',
      'SHOP_TIN is not set while Click is on',
      'ORDER_LOOKUP=open',
      'SHOP_LEGAL_NAME, SHOP_TIN, SHOP_BANK_ACCOUNT, SHOP_MFO, SHOP_BANK, SHOP_ADDRESS are not set',
    ]) {
      expect(warnings.some((line) => line.startsWith(`Warning: ${start}`))).toBe(true);
    }
  });
});
