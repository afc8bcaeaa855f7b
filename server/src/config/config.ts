import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AUTH_PHONE_PATTERN } from '@shop/common';
import {
  DEFAULT_ALERT_TIMING,
  alertEnvSchema,
  alertSettingsFrom,
  type AlertSettings,
  type AlertWorkerTiming,
} from './alert-settings.js';
import { ConfigError, httpUrl, optionalText } from './env.js';
import { fiscalConfigFrom, fiscalEnvSchema, type FiscalConfig } from './fiscal-config.js';
import { instalmentConfigFrom, instalmentEnvSchema } from './instalment-config.js';
import { invoiceEnvSchema, invoiceSettingsFrom, type InvoiceSettings } from './invoice-settings.js';
import { onecEnvSchema, onecSettingsFrom, type OnecSettings } from './onec-settings.js';
import { metricsEnvSchema, metricsSettingsFrom, type MetricsSettings } from './metrics-settings.js';
import { paymentConfigFrom, paymentEnvSchema, type PaymentConfig } from './payment-config.js';
import { shopEnvSchema, shopIdentityFrom, type ShopIdentity } from './shop-settings.js';
import { phoneCodeSettingsFrom, smsEnvSchema, type PhoneCodeSettings } from './sms-settings.js';
import {
  telegramShopEnvSchema,
  telegramShopSettingsFrom,
  type TelegramShopSettings,
} from './telegram-shop-settings.js';
import { REPO_ROOT } from '../paths.js';
import { staffPasswordProblem } from '../security/staff-passwords.js';

/** `loadConfig` refuses a bad environment with a `ConfigError` naming the variable. */
export { ConfigError, REPO_ROOT };

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_PHONE: z.string().regex(AUTH_PHONE_PATTERN, 'must look like +998XXXXXXXXX').optional(),
  // The first admin's password obeys the staff rule, so the shop never starts with a guessable one.
  ADMIN_PASSWORD: z
    .string()
    .superRefine((value, context) => {
      const problem = staffPasswordProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  // `required`: admin and ceo accounts must turn on two-factor sign-in before any other staff call.
  STAFF_2FA: z.enum(['off', 'required']).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./web/dist'),
  // Behind a reverse proxy every shopper arrives from the proxy's address; the per-address
  // limits then need the proxy's X-Forwarded-For: the proxy's addresses (a list, CIDR ranges) or
  // how many proxies stand in front (a hop count). `true` would believe any client's header, so
  // anyone could choose their address and escape every per-address limit: it is refused.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => value !== 'true', {
      message:
        "`true` lets any client choose its address; name the proxy's addresses instead " +
        '(e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8, comma-separated) or the number of proxies in front (e.g. 1)',
    })
    .transform((value): false | number | string =>
      value === 'false' || value === '' ? false : /^[0-9]{1,2}$/.test(value) ? Number(value) : value,
    ),
  // The two limits on placing orders: `off` for a kiosk or a load test.
  ORDER_LIMITS: z.enum(['on', 'off']).default('on'),
  // Open (new, unpaid) orders one client address may hold at once; counted in the database.
  OPEN_ORDERS_PER_ADDRESS: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(5),
  // Units of one product one order may hold (all its lines together); 0 lifts the cap.
  MAX_UNITS_PER_PRODUCT: z.coerce.number().int('must be a whole number').min(0).max(1_000_000).default(20),
  // Hours an unpaid new order holds its stock before it is cancelled; 0 holds it forever.
  ORDER_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 366)
    .default(48),
  // Goods total (so'm) from which delivery is free in every zone; a zone's own lower threshold still wins.
  FREE_DELIVERY_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,12}$/, "must be a whole number of so'm such as 5000000")
      .transform(Number)
      .optional(),
  ),
  // Several processes share rate limits, sign-in throttles and cache invalidation through Redis.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Every key this shop writes in Redis starts with it; shops sharing one Redis need different ones.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
    .default('shop:'),
  // `off` makes every public read afresh (for measuring; ETag and Cache-Control stay).
  PUBLIC_READ_CACHE: z.enum(['on', 'off']).default('on'),
  // The shop's address as shoppers reach it: providers send them back to pages under it.
  PUBLIC_URL: httpUrl.optional(),
  // Months after delivery or cancellation that an order keeps its buyer's name, phone and address.
  PERSONAL_DATA_MONTHS: z.coerce.number().min(1, 'must be at least 1').max(1200).default(36),
  ...alertEnvSchema.shape,
  ...shopEnvSchema.shape,
  ...paymentEnvSchema.shape,
  ...instalmentEnvSchema.shape,
  ...smsEnvSchema.shape,
  ...telegramShopEnvSchema.shape,
  ...fiscalEnvSchema.shape,
  ...invoiceEnvSchema.shape,
  ...metricsEnvSchema.shape,
  ...onecEnvSchema.shape,
  // Demo products in an empty database: on while trying the shop, off in production.
  SEED_DEMO: z.enum(['on', 'off']).optional(),
});

export interface RateLimits {
  /** Failed logins allowed per phone number from one client address, then per client address, in `windowMs`. */
  loginFailuresPerPhone: number;
  loginFailuresPerAddress: number;
  loginWindowMs: number;
  signUpsPerAddressPerMinute: number;
  lookupsPerAddressPerMinute: number;
  /** Saved-list changes, and review posts, per signed-in customer (each its own budget). */
  shopperWritesPerUserPerMinute: number;
}

export interface Config extends ShopIdentity, AlertSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  uploadsDir: string;
  webDistDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  admin: { phone: string; password: string } | undefined;
  logLevel: string;
  /** `STAFF_2FA=required`: admin and ceo accounts without a second factor may only set one up. */
  staffSecondFactorRequired: boolean;
  /** Fastify's `trustProxy`: whose X-Forwarded-For names the client (never `true`: anyone's). */
  trustProxy: false | number | string;
  rateLimits: RateLimits;
  orderLimits: OrderLimits;
  /** Load the demo catalogue into an empty database on start. */
  seedDemoData: boolean;
  /** Shared state for several processes; without it everything is kept in this process. */
  redisUrl: string | undefined;
  /** Start of every key in Redis (`REDIS_PREFIX`). */
  redisPrefix: string;
  /** Keep ready bytes of public reads (product list, detail, …) between shopper-visible writes. */
  publicReadCache: boolean;
  /** The shop's public address, without a trailing slash (absolute links, provider return pages). */
  publicUrl: string;
  payments: PaymentConfig;
  /** What fiscal receipts need beyond each product's codes (decision 023). */
  fiscal: FiscalConfig;
  alertTiming: AlertWorkerTiming;
  /** SMS codes: the provider, and what they guard (decision 022). */
  phoneCodes: PhoneCodeSettings;
  /** The customer side of the bot: the Mini App's sign-in, the chat and order news. */
  telegramShop: TelegramShopSettings;
  /** The seller's requisites on invoices. */
  invoice: InvoiceSettings;
  /** Who may read /metrics; loopback only when unset. */
  metrics?: MetricsSettings;
  /** Months after delivery or cancellation that an order keeps the buyer's personal data. */
  personalDataMonths: number;
  /** FREE_DELIVERY_FROM: goods total (so'm) from which delivery is free in every zone; null = none. */
  freeDeliveryFrom: number | null;
  /** The 1C:Enterprise exchange; undefined (its route a 404) while ONEC_USER is unset. */
  onec?: OnecSettings;
}

/** What one shopper may take of the stock (docs/decisions/019-abuse-limits.md). */
export interface OrderLimits {
  /** Orders per client address per hour, and open (new, unpaid) orders per phone; off with ORDER_LIMITS=off. */
  enabled: boolean;
  ordersPerAddressPerHour: number;
  /** Open (new, unpaid) orders one client address may hold at once (OPEN_ORDERS_PER_ADDRESS). */
  openOrdersPerAddress: number;
  openOrdersPerPhone: number;
  /** Units of one product in one order; 0 = no cap. */
  maxUnitsPerProduct: number;
  /** Milliseconds an unpaid new order holds its stock; 0 = forever. */
  holdMs: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  enabled: true,
  ordersPerAddressPerHour: 10,
  openOrdersPerAddress: 5,
  openOrdersPerPhone: 3,
  maxUnitsPerProduct: 20,
  holdMs: 48 * 3_600_000,
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerPhone: 5,
  loginFailuresPerAddress: 20,
  loginWindowMs: 15 * 60_000,
  signUpsPerAddressPerMinute: 20,
  lookupsPerAddressPerMinute: 30,
  shopperWritesPerUserPerMinute: 60,
};

const resolveFromRoot = (value: string) => (path.isAbsolute(value) ? value : path.resolve(REPO_ROOT, value));

function ensureWritableDir(dir: string, variable: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ConfigError(variable, `cannot create folder ${dir} (${(error as Error).message})`);
  }
}

/** A secret generated once and kept in the data folder, so tokens survive a restart. */
function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const vars = parsed.data;
  if (Boolean(vars.ADMIN_PHONE) !== Boolean(vars.ADMIN_PASSWORD)) {
    throw new ConfigError(
      vars.ADMIN_PHONE ? 'ADMIN_PASSWORD' : 'ADMIN_PHONE',
      'set ADMIN_PHONE and ADMIN_PASSWORD together',
    );
  }
  const payments: PaymentConfig = { ...paymentConfigFrom(vars), uzum_nasiya: instalmentConfigFrom(vars) };
  const fiscal = fiscalConfigFrom(vars);
  const phoneCodes = phoneCodeSettingsFrom(vars);
  const telegramShop = telegramShopSettingsFrom(vars);
  const dataDir = resolveFromRoot(vars.DATA_DIR);
  ensureWritableDir(dataDir, 'DATA_DIR');
  const uploadsDir = vars.UPLOADS_DIR ? resolveFromRoot(vars.UPLOADS_DIR) : path.join(dataDir, 'uploads');
  ensureWritableDir(path.join(uploadsDir, 'products', 'thumbs'), 'UPLOADS_DIR');

  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    uploadsDir,
    webDistDir: resolveFromRoot(vars.WEB_DIST_DIR),
    jwtSecret: vars.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    jwtExpiresIn: '7d',
    admin:
      vars.ADMIN_PHONE && vars.ADMIN_PASSWORD
        ? { phone: vars.ADMIN_PHONE, password: vars.ADMIN_PASSWORD }
        : undefined,
    logLevel: vars.LOG_LEVEL,
    staffSecondFactorRequired: vars.STAFF_2FA === 'required',
    trustProxy: vars.TRUST_PROXY,
    rateLimits: DEFAULT_RATE_LIMITS,
    orderLimits: {
      ...DEFAULT_ORDER_LIMITS,
      enabled: vars.ORDER_LIMITS === 'on',
      openOrdersPerAddress: vars.OPEN_ORDERS_PER_ADDRESS,
      maxUnitsPerProduct: vars.MAX_UNITS_PER_PRODUCT,
      holdMs: Math.round(vars.ORDER_HOLD_HOURS * 3_600_000),
    },
    seedDemoData: (vars.SEED_DEMO ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    redisUrl: vars.REDIS_URL,
    redisPrefix: vars.REDIS_PREFIX,
    publicReadCache: vars.PUBLIC_READ_CACHE === 'on',
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    ...shopIdentityFrom(vars),
    payments,
    fiscal,
    ...alertSettingsFrom(vars),
    alertTiming: DEFAULT_ALERT_TIMING,
    phoneCodes,
    telegramShop,
    invoice: invoiceSettingsFrom(vars, fiscal.shopTin),
    metrics: metricsSettingsFrom(vars),
    personalDataMonths: vars.PERSONAL_DATA_MONTHS,
    freeDeliveryFrom: vars.FREE_DELIVERY_FROM ?? null,
    onec: onecSettingsFrom(vars),
  };
}
