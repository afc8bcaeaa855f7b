import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyServerOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { newId, type Role } from '@shop/common';
import { buildApp, type App } from '../app.js';
import {
  DEFAULT_ORDER_LIMITS,
  DEFAULT_RATE_LIMITS,
  type Config,
  type OrderLimits,
  type RateLimits,
} from '../config/config.js';
import { PAYMENT_CONFIG_OFF, type PaymentConfig } from '../config/payment-config.js';
import { FISCAL_CONFIG_DEFAULT, type FiscalConfig } from '../config/fiscal-config.js';
import type { Clock } from '../modules/payments/clock.js';
import {
  DEFAULT_ALERT_TIMING,
  type AlertWorkerTiming,
  type TelegramSettings,
} from '../config/alert-settings.js';
import type { ChangeSignal } from '../plugins/public-reads/change-signal.js';
import type { SharedRedis } from '../shared-state/redis.js';
import { PGLITE_EXTENSIONS, openPglite, openPostgres, type Database } from '../db/client.js';
import { products, type ProductRow } from '../db/schema.js';
import { searchColumns } from '../modules/products/search/search-document.js';
import { withDatabase } from './global-setup.js';
import { DEFAULT_PHONE_CODE_SETTINGS, type PhoneCodeSettings } from '../config/sms-settings.js';
import type { SmsProvider } from '../modules/phone-codes/sms-providers.js';
import { RecordingSms } from './sms.js';
import {
  DEFAULT_TELEGRAM_SHOP_SETTINGS,
  type TelegramShopSettings,
} from '../config/telegram-shop-settings.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Codes of the shop's services in tests: online payments of delivered, assembled orders work. */
export const TEST_FISCAL_CONFIG: FiscalConfig = {
  ...FISCAL_CONFIG_DEFAULT,
  shopTin: '123456789',
  delivery: { ikpu: '10112006002000000', packageCode: '1209885' },
  assembly: { ikpu: '10112001001000000', packageCode: '1209885' },
};

/** Example MXIK and package codes of a test product (a desk). */
export const TEST_PRODUCT_FISCAL = {
  ikpu: '09403001001000000',
  packageCode: '1514296',
  vatPercent: 12,
} as const;

/** A fresh copy of the migrated template database, on PGlite or on PostgreSQL. */
/** A test shop's requisites, as a real shop sets them (SHOP_LEGAL_NAME, SHOP_TIN, …). */
export const TEST_INVOICE_SETTINGS: Config['invoice'] = {
  legalName: 'OOO «Mebel Shop» / Mebel Shop MChJ',
  tin: '301234567',
  bankAccount: '20208000900123456001',
  mfo: '00873',
  bank: 'Kapitalbank ATB, Toshkent',
  validDays: 5,
};

/** The seller's address on a test shop's invoices (SHOP_ADDRESS), completing its requisites. */
export const TEST_SHOP_ADDRESS = 'Toshkent, Amir Temur 1';

export async function openTestDatabase(): Promise<Database> {
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `shop_test_${postgresTemplate.split('_')[2]}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgresTemplate}`);
    const database = await openPostgres(withDatabase(serverUrl, name), 20);
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const client = new PGlite({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  return openPglite(client);
}

export interface TestShop {
  app: App;
  database: Database;
  config: Config;
  /** The SMS the shop sent (when the test gave no provider of its own). */
  sms: RecordingSms;
  close(): Promise<void>;
}

export async function buildTestShop(
  overrides: {
    rateLimits?: Partial<RateLimits>;
    /**
     * The shop's defaults unless given (on, 20 units, 48 h). Tests that place many orders from
     * the one address `inject` uses, or more than 20 units, turn the limit they exceed off.
     */
    orderLimits?: Partial<OrderLimits>;
    webDistDir?: string;
    uploadsDir?: string;
    /** Payment providers to turn on; none by default, as in a shop that takes cash only. */
    payments?: Partial<PaymentConfig>;
    /** The shop's VAT rate, TIN and service codes; by default 12 % with test codes for every service. */
    fiscal?: Partial<FiscalConfig>;
    clock?: Clock;
    /** Staff alerts to a (fake) Bot API; off by default. */
    telegram?: TelegramSettings;
    alertTiming?: Partial<AlertWorkerTiming>;
    shopPhone?: string;
    shopName?: string;
    /** Off to see every read made afresh; on by default, as in the shop. */
    publicReadCache?: boolean;
    changeSignal?: ChangeSignal;
    redis?: SharedRedis;
    redisPrefix?: string;
    /** Another shop's database: a second instance of the shop on it (closed by its owner). */
    databaseHandle?: Database;
    keepDatabase?: boolean;
    trustProxy?: Config['trustProxy'];
    /** `STAFF_2FA=required`; off by default, as in the shop. */
    staffSecondFactorRequired?: boolean;
    phoneCodes?: Partial<PhoneCodeSettings>;
    /** Where SMS go; by default a recorder whose messages `sentSms` returns. */
    smsProvider?: SmsProvider;
    /** The app's log (silent by default), for tests of what it writes there. */
    logger?: FastifyServerOptions['logger'];
    shopContacts?: Config['shopContacts'];
    /** The customer bot (Mini App sign-in, chat, order news); off unless given. */
    telegramShop?: Partial<TelegramShopSettings>;
    invoice?: Partial<Config['invoice']>;
    /** Who may read /metrics; loopback only by default. */
    metrics?: Config['metrics'];
    personalDataMonths?: number;
    /** FREE_DELIVERY_FROM; none by default. */
    freeDeliveryFrom?: number;
    /** The 1C exchange; off by default, as while ONEC_USER is unset. */
    onec?: Config['onec'];
  } = {},
): Promise<TestShop> {
  const database = overrides.databaseHandle ?? (await openTestDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    uploadsDir: overrides.uploadsDir ?? path.join(dataDir, 'uploads'),
    webDistDir: overrides.webDistDir ?? path.join(dataDir, 'no-web-build'),
    jwtSecret: TEST_JWT_SECRET,
    jwtExpiresIn: '1h',
    admin: undefined,
    logLevel: 'silent',
    staffSecondFactorRequired: overrides.staffSecondFactorRequired ?? false,
    trustProxy: overrides.trustProxy ?? false,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
    orderLimits: { ...DEFAULT_ORDER_LIMITS, ...overrides.orderLimits },
    seedDemoData: false,
    redisUrl: undefined,
    redisPrefix: 'shop:',
    publicReadCache: overrides.publicReadCache ?? true,
    publicUrl: 'http://shop.test',
    shopName: overrides.shopName ?? 'Mebel Shop',
    shopPhone: overrides.shopPhone,
    shopContacts: overrides.shopContacts ?? { address: TEST_SHOP_ADDRESS, social: {} },
    returnDays: 10,
    payments: { ...PAYMENT_CONFIG_OFF, ...overrides.payments },
    fiscal: { ...TEST_FISCAL_CONFIG, ...overrides.fiscal },
    telegram: overrides.telegram,
    alertsOffReason: null,
    alertTiming: { ...DEFAULT_ALERT_TIMING, ...overrides.alertTiming },
    phoneCodes: { ...DEFAULT_PHONE_CODE_SETTINGS, ...overrides.phoneCodes },
    telegramShop: { ...DEFAULT_TELEGRAM_SHOP_SETTINGS, ...overrides.telegramShop },
    invoice: { ...TEST_INVOICE_SETTINGS, ...overrides.invoice },
    metrics: overrides.metrics,
    personalDataMonths: overrides.personalDataMonths ?? 36,
    freeDeliveryFrom: overrides.freeDeliveryFrom ?? null,
    onec: overrides.onec,
  };
  const recorder = new RecordingSms();
  const app = await buildApp({
    config,
    database,
    logger: overrides.logger ?? false,
    clock: overrides.clock,
    changeSignal: overrides.changeSignal,
    redis: overrides.redis,
    redisPrefix: overrides.redisPrefix,
    smsProvider: overrides.smsProvider ?? recorder,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    sms: recorder,
    close: async () => {
      await app.close();
      if (!overrides.keepDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let phoneCounter = Math.floor(Math.random() * 9_000_000);
/** A phone number no other record in this run uses. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+99890${String(phoneCounter).padStart(7, '0')}`;
}

export interface TestUser {
  id: string;
  phoneNumber: string;
  password: string;
  role: Role;
  token: string;
  headers: { authorization: string };
}

const STAFF_ROLES_IN_TESTS: readonly Role[] = ['admin', 'manager', 'ceo'];

export async function createUser(shop: TestShop, role: Role, fullName = `Test ${role}`): Promise<TestUser> {
  const phoneNumber = uniquePhone();
  // Staff passwords must be long and uncommon; customers' may be short.
  const password = STAFF_ROLES_IN_TESTS.includes(role) ? 'walnut-desk-ledger-42' : 'secret123';
  const user = await shop.app.services.users.create({ fullName, phoneNumber, password, role });
  const token = shop.app.signToken({ id: user._id, role, sessionVersion: 0 });
  return { id: user._id, phoneNumber, password, role, token, headers: { authorization: `Bearer ${token}` } };
}

export async function insertProduct(
  shop: TestShop,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const text = {
    name: overrides.name ?? 'Test desk',
    description: overrides.description ?? 'A sturdy test desk',
    translations: overrides.translations ?? {},
  };
  const search = searchColumns(text);
  const [row] = await shop.database.db
    .insert(products)
    .values({
      id: newId(),
      price: 100_000,
      category: 'office',
      color: ['oq', 'qora'],
      productImages: ['/uploads/products/test.webp'],
      stock: 10,
      ...TEST_PRODUCT_FISCAL,
      ...overrides,
      ...text,
      ...search,
    })
    .returning();
  await shop.app.services.products.search.remember(shop.database.db, search.searchText);
  // Written behind the services' back, as a seed script would: say so, as the shop's writes do.
  await shop.app.publicReads.invalidate();
  return row!;
}

/** A product's stock as stored now. */
export async function stockOf(shop: TestShop, productId: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

export async function truncateAll(shop: TestShop): Promise<void> {
  await shop.database.db.execute(
    sql`truncate order_lines, orders, products, users, payment_transactions, received_payments, staff_alerts, audit_log, fiscal_receipts, click_fiscal_outbox, provider_keys, invoice_counters, quotes, promo_code_uses, promo_codes restart identity cascade`,
  );
  await shop.app.publicReads.invalidate();
}
