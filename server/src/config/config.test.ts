import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from './config.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      uploadsDir: path.join(dataDir, 'uploads'),
      webDistDir: path.join(REPO_ROOT, 'web/dist'),
      admin: undefined,
      logLevel: 'info',
      trustProxy: false,
      redisPrefix: 'shop:',
      // No contact or social page is made up: unset, the footer leaves it out.
      shopContacts: { email: undefined, address: undefined, hours: undefined, social: {} },
    });
    expect(Object.values(config.shopContacts.social).filter(Boolean)).toEqual([]);
  });

  it('reads the shop contacts and social pages, and names a wrong one', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SHOP_EMAIL: 'info@example.uz',
      SHOP_ADDRESS: ' Toshkent, Amir Temur 1 ',
      SHOP_HOURS: '',
      SHOP_TELEGRAM: 'https://t.me/example_shop',
    });
    expect(config.shopContacts).toMatchObject({
      email: 'info@example.uz',
      address: 'Toshkent, Amir Temur 1',
      hours: undefined,
      social: { telegram: 'https://t.me/example_shop', instagram: undefined },
    });
    expect(errorOf({ DATA_DIR: tempDir(), SHOP_EMAIL: 'not-an-email' }).variable).toBe('SHOP_EMAIL');
    expect(errorOf({ DATA_DIR: tempDir(), SHOP_INSTAGRAM: 'instagram.com/x' }).variable).toBe(
      'SHOP_INSTAGRAM',
    );
  });

  it('reads relative paths from the repository root', () => {
    const config = loadConfig({
      DATA_DIR: path.relative(REPO_ROOT, tempDir()),
      UPLOADS_DIR: path.relative(REPO_ROOT, tempDir()),
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir.startsWith(os.tmpdir())).toBe(true);
    expect(config.uploadsDir.startsWith(os.tmpdir())).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_PHONE: '901234567', ADMIN_PASSWORD: 'kreslo-parta-2026' }, 'ADMIN_PHONE'],
    [{ ADMIN_PHONE: '+998901234567', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PHONE: '+998901234567' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'kreslo-parta-2026' }, 'ADMIN_PHONE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REDIS_PREFIX: 'two words' }, 'REDIS_PREFIX'],
  ])('stops on %j and names %s', (env, variable) => {
    const error = errorOf({ DATA_DIR: tempDir(), ...env });
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
  });

  it('names DATA_DIR when the folder cannot be made', () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    expect(errorOf({ DATA_DIR: path.join(file, 'data') }).variable).toBe('DATA_DIR');
  });

  it('keeps a generated token secret in the data folder, so tokens survive a restart', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('prefers JWT_SECRET from the environment', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['127.0.0.1', '127.0.0.1'],
    ['10.0.0.1,10.0.0.2', '10.0.0.1,10.0.0.2'],
    ['10.0.0.0/8', '10.0.0.0/8'],
  ])('reads TRUST_PROXY=%s for the per-address limits behind a proxy', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('sends SMS codes to the log, and asks for them at sign-up and lookup, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).phoneCodes).toMatchObject({
      sms: { provider: 'log' },
      verifySignUp: true,
      orderLookupOpen: false,
    });
    const open = loadConfig({ DATA_DIR: tempDir(), PHONE_VERIFICATION: 'off', ORDER_LOOKUP: 'open' });
    expect(open.phoneCodes).toMatchObject({ verifySignUp: false, orderLookupOpen: true });
  });

  it('reads the Eskiz account, with its documented defaults', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: 'shop@example.uz',
      ESKIZ_PASSWORD: 'secret',
    });
    expect(config.phoneCodes.sms).toEqual({
      provider: 'eskiz',
      email: 'shop@example.uz',
      password: 'secret',
      from: '4546',
      apiRoot: 'https://notify.eskiz.uz/api',
    });
  });

  it.each([
    [{ SMS_PROVIDER: 'eskiz', ESKIZ_PASSWORD: 'secret' }, 'ESKIZ_EMAIL'],
    [{ SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'shop@example.uz' }, 'ESKIZ_PASSWORD'],
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER'],
    [{ PHONE_VERIFICATION: 'no' }, 'PHONE_VERIFICATION'],
    [{ ORDER_LOOKUP: 'public' }, 'ORDER_LOOKUP'],
  ])('stops at start on %o, naming %s', (env, variable) => {
    expect(errorOf({ DATA_DIR: tempDir(), ...env }).variable).toBe(variable);
  });

  it("refuses TRUST_PROXY=true at start, asking for the proxy's addresses (any client could choose its own)", () => {
    const error = errorOf({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' });
    expect(error.variable).toBe('TRUST_PROXY');
    expect(error.message).toMatch(/name the proxy's addresses/);
  });

  it('reads the order limits, the per-product cap and the hold (fractions of an hour allowed)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).orderLimits).toEqual({
      enabled: true,
      ordersPerAddressPerHour: 10,
      openOrdersPerAddress: 5,
      openOrdersPerPhone: 3,
      maxUnitsPerProduct: 20,
      holdMs: 48 * 3_600_000,
    });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      ORDER_LIMITS: 'off',
      MAX_UNITS_PER_PRODUCT: '0',
      ORDER_HOLD_HOURS: '0.5',
      OPEN_ORDERS_PER_ADDRESS: '12',
    }).orderLimits;
    expect(set).toMatchObject({
      enabled: false,
      maxUnitsPerProduct: 0,
      holdMs: 1_800_000,
      openOrdersPerAddress: 12,
    });
    expect(errorOf({ DATA_DIR: tempDir(), OPEN_ORDERS_PER_ADDRESS: '0' }).variable).toBe(
      'OPEN_ORDERS_PER_ADDRESS',
    );
    expect(loadConfig({ DATA_DIR: tempDir(), ORDER_HOLD_HOURS: '0' }).orderLimits.holdMs).toBe(0);
    expect(errorOf({ DATA_DIR: tempDir(), ORDER_LIMITS: 'no' }).variable).toBe('ORDER_LIMITS');
    expect(errorOf({ DATA_DIR: tempDir(), MAX_UNITS_PER_PRODUCT: '-1' }).variable).toBe(
      'MAX_UNITS_PER_PRODUCT',
    );
    expect(errorOf({ DATA_DIR: tempDir(), ORDER_HOLD_HOURS: 'soon' }).variable).toBe('ORDER_HOLD_HOURS');
  });
});

describe('the customer bot settings', () => {
  const base = () => ({ DATA_DIR: tempDir(), TELEGRAM_BOT_TOKEN: '123:abc' });

  it('stays off with a token alone (staff alerts only), and hears the webhook once its secret is set', () => {
    expect(loadConfig(base()).telegramShop).toMatchObject({ token: '123:abc', updates: 'off' });
    const secret = 'a-webhook-secret-of-24-chars';
    expect(loadConfig({ ...base(), TELEGRAM_WEBHOOK_SECRET: secret }).telegramShop).toMatchObject({
      updates: 'webhook',
      webhookSecret: secret,
    });
    expect(loadConfig({ ...base(), TELEGRAM_UPDATES: 'polling' }).telegramShop.updates).toBe('polling');
  });

  it('names the variable that is missing or malformed', () => {
    expect(errorOf({ ...base(), TELEGRAM_UPDATES: 'webhook' }).variable).toBe('TELEGRAM_WEBHOOK_SECRET');
    expect(errorOf({ DATA_DIR: tempDir(), TELEGRAM_UPDATES: 'polling' }).variable).toBe('TELEGRAM_BOT_TOKEN');
    expect(errorOf({ ...base(), TELEGRAM_WEBHOOK_SECRET: 'short!' }).variable).toBe(
      'TELEGRAM_WEBHOOK_SECRET',
    );
  });
});
