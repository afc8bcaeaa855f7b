import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths.js';
import { FakeBotApi } from '../test/fake-bot-api.js';
import { FakeEskiz } from '../test/fake-eskiz.js';
import { formatCheck, runDoctor } from './doctor.js';

const run = promisify(execFile);
let eskiz: FakeEskiz;
let bot: FakeBotApi;
let dataDir: string;

beforeAll(async () => {
  eskiz = await new FakeEskiz().start();
  bot = await new FakeBotApi().start();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-doctor-'));
});
afterAll(async () => {
  await eskiz.stop();
  await bot.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A shop ready to go live, its providers the local stand-ins (loopback http:// is allowed). */
const ready = () => ({
  DATA_DIR: dataDir,
  JWT_SECRET: 'a-production-secret-of-more-than-32-characters',
  PUBLIC_URL: 'https://mebel.uz',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: eskiz.email,
  ESKIZ_PASSWORD: eskiz.password,
  ESKIZ_API_ROOT: eskiz.url,
  TELEGRAM_BOT_TOKEN: '123456:fake-token',
  TELEGRAM_CHAT_ID: '-100200300',
  TELEGRAM_API_ROOT: bot.url,
  SHOP_LEGAL_NAME: 'Mebel Shop MChJ',
  SHOP_TIN: '301234567',
  SHOP_BANK_ACCOUNT: '20208000900123456001',
  SHOP_MFO: '00873',
  SHOP_BANK: 'Kapitalbank',
  SHOP_ADDRESS: 'Toshkent, Amir Temur 1',
});

const lines = async (env: Record<string, string | undefined>) => (await runDoctor(env)).map(formatCheck);

describe('npm run doctor', () => {
  it('passes a shop ready to go live, having asked Eskiz and Telegram', async () => {
    const before = eskiz.calls.length;
    const output = await lines(ready());
    expect(output.filter((line) => !line.startsWith('✓'))).toEqual([]);
    expect(output).toContain('✓ Eskiz accepts ESKIZ_EMAIL and ESKIZ_PASSWORD');
    expect(output).toContain("✓ Telegram knows TELEGRAM_BOT_TOKEN's bot (getMe)");
    expect(eskiz.calls.slice(before)).toEqual(['POST /auth/login']);
    expect(eskiz.messages).toEqual([]);
  });

  it('fails each check the production start refuses, with the fix', async () => {
    const output = await lines({
      ...ready(),
      JWT_SECRET: undefined,
      SMS_PROVIDER: 'log',
      PUBLIC_URL: undefined,
      PAYME_CHECKOUT_URL: 'http://checkout.paycom.uz',
      CLICK_SERVICE_ID: '1',
      CLICK_MERCHANT_ID: '2',
      CLICK_SECRET_KEY: 'k',
      CLICK_API_ROOT: bot.url,
      SHOP_TIN: undefined,
    });
    const failed = output.filter((line) => line.startsWith('✗'));
    expect(failed.map((line) => line.split(':')[0])).toEqual([
      '✗ JWT_SECRET',
      '✗ SMS codes reach shoppers (SMS_PROVIDER=eskiz)',
      '✗ PUBLIC_URL',
      '✗ Provider addresses (*_API_ROOT, *_CHECKOUT_URL) are https',
      "✗ Click receipts carry the shop's SHOP_TIN",
    ]);
    expect(failed.join('\n')).toContain('set SMS_PROVIDER=eskiz');
    expect(output.some((line) => line.startsWith('! Bank transfer') && line.includes('SHOP_TIN'))).toBe(true);
  });

  it('fails on credentials a provider refuses, and on one that does not answer', async () => {
    bot.setMode({ kind: 'status', status: 401, description: 'Unauthorized' });
    try {
      const output = await lines({
        ...ready(),
        ESKIZ_PASSWORD: 'wrong',
        UZUM_NASIYA_TOKEN: 't',
        UZUM_NASIYA_API_ROOT: 'http://127.0.0.1:9',
      });
      expect(output.find((line) => line.includes('Eskiz accepts'))).toMatch(
        /^✗ .*answered 401.*ESKIZ_PASSWORD/,
      );
      expect(output.find((line) => line.includes('getMe'))).toMatch(/^✗ .*TELEGRAM_BOT_TOKEN/);
      expect(output.find((line) => line.includes('Uzum Nasiya answers'))).toMatch(/^✗ /);
    } finally {
      bot.setMode({ kind: 'ok' });
    }
  });

  it('names protections switched off without failing', async () => {
    const output = await lines({ ...ready(), ORDER_LIMITS: 'off', ORDER_LOOKUP: 'open' });
    expect(output.filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(output.filter((line) => line.startsWith('! '))).toEqual([
      expect.stringContaining('ORDER_LIMITS=off'),
      expect.stringContaining('ORDER_LOOKUP=open'),
    ]);
  });

  it('exits 1 when a check fails and 0 when none does', async () => {
    const command = ['--import', 'tsx', 'src/scripts/doctor.ts'];
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...ready() };
    const good = await run(process.execPath, command, { cwd: SERVER_ROOT, env });
    expect(good.stdout).toContain('Ready to go live.');
    const bad = await run(process.execPath, command, {
      cwd: SERVER_ROOT,
      env: { ...env, JWT_SECRET: '' },
    }).catch((error: { code: number; stdout: string }) => error);
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.stdout).toMatch(/^✗ JWT_SECRET/m);
  });
});
