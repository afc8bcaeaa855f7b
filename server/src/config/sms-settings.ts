import { z } from 'zod';
import { ConfigError, httpUrl } from './env.js';

/** Where codes go: the server log (to try the shop without an SMS account) or Eskiz. */
export type SmsSettings =
  { provider: 'log' } | { provider: 'eskiz'; email: string; password: string; from: string; apiRoot: string };

/** What phone codes guard; each can be switched back to the open behaviour (decision 022). */
export interface PhoneCodeSettings {
  sms: SmsSettings;
  /** `PHONE_VERIFICATION=off`: sign-up without a code. */
  verifySignUp: boolean;
  /** `ORDER_LOOKUP=open`: order lookup by phone alone. */
  orderLookupOpen: boolean;
  /** How often the SMS outbox is looked at, and the longest wait after failures in a row. */
  pollMs: number;
  maxBackoffMs: number;
  requestTimeoutMs: number;
  /** SMS_CALLBACK_SECRET: the last part of the address Eskiz posts delivery reports to; unset, none asked. */
  callbackSecret?: string;
}

export const DEFAULT_PHONE_CODE_SETTINGS: PhoneCodeSettings = {
  sms: { provider: 'log' },
  verifySignUp: true,
  orderLookupOpen: false,
  pollMs: 1_000,
  maxBackoffMs: 30_000,
  requestTimeoutMs: 10_000,
};

export const smsEnvSchema = z.object({
  SMS_PROVIDER: z.enum(['log', 'eskiz']).default('log'),
  ESKIZ_EMAIL: z.string().trim().optional(),
  ESKIZ_PASSWORD: z.string().optional(),
  ESKIZ_FROM: z.string().trim().min(1).default('4546'),
  ESKIZ_API_ROOT: httpUrl.default('https://notify.eskiz.uz/api'),
  PHONE_VERIFICATION: z.enum(['on', 'off']).default('on'),
  ORDER_LOOKUP: z.enum(['verified', 'open']).default('verified'),
  SMS_CALLBACK_SECRET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, - or _')
    .optional(),
});

export function phoneCodeSettingsFrom(vars: z.infer<typeof smsEnvSchema>): PhoneCodeSettings {
  const base = {
    ...DEFAULT_PHONE_CODE_SETTINGS,
    verifySignUp: vars.PHONE_VERIFICATION === 'on',
    orderLookupOpen: vars.ORDER_LOOKUP === 'open',
    callbackSecret: vars.SMS_CALLBACK_SECRET,
  };
  if (vars.SMS_PROVIDER === 'log') return base;
  if (!vars.ESKIZ_EMAIL) throw new ConfigError('ESKIZ_EMAIL', 'is required when SMS_PROVIDER=eskiz');
  if (!vars.ESKIZ_PASSWORD) throw new ConfigError('ESKIZ_PASSWORD', 'is required when SMS_PROVIDER=eskiz');
  return {
    ...base,
    sms: {
      provider: 'eskiz',
      email: vars.ESKIZ_EMAIL,
      password: vars.ESKIZ_PASSWORD,
      from: vars.ESKIZ_FROM,
      apiRoot: vars.ESKIZ_API_ROOT.replace(/\/+$/, ''),
    },
  };
}
