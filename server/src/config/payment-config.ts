import { z } from 'zod';
import { ConfigError, httpUrl, optionalText } from './env.js';
import type { UzumNasiyaConfig } from './instalment-config.js';

export interface PaymeConfig {
  merchantId: string;
  /** The cash desk key from the Payme merchant cabinet: the password of Payme's Basic auth. */
  secretKey: string;
  /** Payme's checkout page; the test cabinet uses https://test.paycom.uz. */
  checkoutUrl: string;
}

export interface ClickConfig {
  serviceId: string;
  merchantId: string;
  secretKey: string;
  /** Click's payment page. */
  checkoutUrl: string;
  /** Click's Merchant API, where receipts are fiscalized (`CLICK_API_ROOT`). */
  apiRoot: string;
  /** The cabinet's merchant user id for that API's `Auth` header; unset: Click receipts are not sent. */
  merchantUserId?: string;
}

export interface PaymentConfig {
  /** Set only when every Payme variable is. */
  payme?: PaymeConfig;
  /** Set only when every Click variable is. */
  click?: ClickConfig;
  /** Set when UZUM_NASIYA_TOKEN is. */
  uzum_nasiya?: UzumNasiyaConfig;
  /** Bank transfer is offered: every requisite its invoice prints is set (unset: offered). */
  bankTransfer?: boolean;
  /** An online order with no payment this long after it was placed is cancelled and its stock returned. */
  timeoutMinutes: number;
  /** How often this process looks for such orders; 0 leaves it to the caller (tests). */
  sweepIntervalMs: number;
  /** How often Click receipts are retried (tests shorten it); the worker's defaults otherwise. */
  clickReceiptTiming?: { pollMs: number; maxBackoffMs: number };
}

export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;

export const paymentEnvSchema = z.object({
  // The merchant id goes into Payme's `m=…;` checkout parameter, where `;` and `=` are separators.
  PAYME_MERCHANT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'must be the merchant id from the Payme cabinet (letters and digits)')
      .optional(),
  ),
  PAYME_SECRET_KEY: optionalText,
  PAYME_CHECKOUT_URL: httpUrl.default('https://checkout.paycom.uz'),
  CLICK_SERVICE_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a number').optional()),
  CLICK_MERCHANT_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a number').optional()),
  CLICK_SECRET_KEY: optionalText,
  CLICK_CHECKOUT_URL: httpUrl.default('https://my.click.uz/services/pay'),
  CLICK_API_ROOT: httpUrl.default('https://api.click.uz/v2/merchant'),
  CLICK_MERCHANT_USER_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'must be a number').optional()),
  PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(60 * 24 * 30, 'must be at most 43200 (30 days)')
    .default(720),
});
export type PaymentEnv = z.output<typeof paymentEnvSchema>;

/** The variables that turn one provider on: all of them, or none. */
const PROVIDER_VARIABLES = {
  Payme: ['PAYME_MERCHANT_ID', 'PAYME_SECRET_KEY'],
  Click: ['CLICK_SERVICE_ID', 'CLICK_MERCHANT_ID', 'CLICK_SECRET_KEY'],
} as const;

/** A provider that is half set up is a start error naming what is missing, never a silent "off". */
function requireAllOrNone(vars: PaymentEnv, provider: keyof typeof PROVIDER_VARIABLES): boolean {
  const names = PROVIDER_VARIABLES[provider];
  const set = names.filter((name) => vars[name] !== undefined);
  if (set.length === 0) return false;
  const missing = names.find((name) => vars[name] === undefined);
  if (missing) {
    throw new ConfigError(
      missing,
      `${provider} payments need ${names.join(', ')} together; ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`,
    );
  }
  return true;
}

export function paymentConfigFrom(vars: PaymentEnv): PaymentConfig {
  return {
    payme: requireAllOrNone(vars, 'Payme')
      ? {
          merchantId: vars.PAYME_MERCHANT_ID!,
          secretKey: vars.PAYME_SECRET_KEY!,
          checkoutUrl: vars.PAYME_CHECKOUT_URL,
        }
      : undefined,
    click: requireAllOrNone(vars, 'Click')
      ? {
          serviceId: vars.CLICK_SERVICE_ID!,
          merchantId: vars.CLICK_MERCHANT_ID!,
          secretKey: vars.CLICK_SECRET_KEY!,
          checkoutUrl: vars.CLICK_CHECKOUT_URL,
          apiRoot: vars.CLICK_API_ROOT,
          merchantUserId: vars.CLICK_MERCHANT_USER_ID,
        }
      : undefined,
    timeoutMinutes: vars.PAYMENT_TIMEOUT_MINUTES,
    sweepIntervalMs: PAYMENT_SWEEP_INTERVAL_MS,
  };
}

/** No provider on: the shop takes cash on delivery only, as before payments existed. */
export const PAYMENT_CONFIG_OFF: PaymentConfig = { timeoutMinutes: 720, sweepIntervalMs: 0 };
