import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AUTH_PHONE_PATTERN, LIMITS } from '@shop/common';
import {
  PaymentConfigError,
  httpUrl,
  paymentConfigFrom,
  paymentEnvSchema,
  type PaymentConfig,
} from './payment-config.js';

/** Relative paths in the environment are taken from the repository root, wherever npm runs. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

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
  ADMIN_PASSWORD: z.string().min(LIMITS.minPasswordLength, 'must be at least 6 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./web/dist'),
  // Behind a reverse proxy every shopper arrives from the proxy's address; the per-address
  // limits then need the proxy's X-Forwarded-For: `true`, or the proxy's addresses.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value): boolean | string =>
      value === 'true' ? true : value === 'false' || value === '' ? false : value,
    ),
  // The shop's address as shoppers reach it: providers send them back to pages under it.
  PUBLIC_URL: httpUrl.optional(),
  ...paymentEnvSchema.shape,
});

export interface RateLimits {
  /** Failed logins allowed per phone number, then per client address, in `windowMs`. */
  loginFailuresPerPhone: number;
  loginFailuresPerAddress: number;
  loginWindowMs: number;
  signUpsPerAddressPerMinute: number;
  lookupsPerAddressPerMinute: number;
  /** Saved-list changes, and review posts, per signed-in customer (each its own budget). */
  shopperWritesPerUserPerMinute: number;
}

export interface Config {
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
  /** Fastify's `trustProxy`: whose X-Forwarded-For names the client. */
  trustProxy: boolean | string;
  rateLimits: RateLimits;
  /** Load the demo catalogue into an empty database on start. */
  seedDemoData: boolean;
  /** The shop's public address, without a trailing slash (absolute links, provider return pages). */
  publicUrl: string;
  payments: PaymentConfig;
}

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
  let payments: PaymentConfig;
  try {
    payments = paymentConfigFrom(vars);
  } catch (error) {
    if (error instanceof PaymentConfigError) throw new ConfigError(error.variable, error.message);
    throw error;
  }
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
    trustProxy: vars.TRUST_PROXY,
    rateLimits: DEFAULT_RATE_LIMITS,
    seedDemoData: true,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    payments,
  };
}
