import { z } from 'zod';
import { httpUrl } from './env.js';

/** The staff alerts' settings, read from the environment by `config.ts`. */

export interface TelegramSettings {
  token: string;
  chatId: string;
  /** `https://api.telegram.org` unless pointed elsewhere (tests, a local Bot API server). */
  apiRoot: string;
}

export interface AlertWorkerTiming {
  /** How often the outbox is looked at when nothing is failing. */
  pollMs: number;
  /** The first wait after a failure; it doubles with each failure in a row, up to `maxBackoffMs`. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** An alert still not sent this long after its event goes to the dead letters. */
  giveUpAfterMs: number;
  /** One call to Telegram may take this long before it counts as failed. */
  requestTimeoutMs: number;
}

export const DEFAULT_ALERT_TIMING: AlertWorkerTiming = {
  pollMs: 1_000,
  baseBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  giveUpAfterMs: 24 * 3_600_000,
  requestTimeoutMs: 15_000,
};

export const alertEnvSchema = z.object({
  // Staff alerts (decision 013): both set, or alerts are off.
  TELEGRAM_BOT_TOKEN: z.string().trim().optional(),
  TELEGRAM_CHAT_ID: z.string().trim().optional(),
  TELEGRAM_API_ROOT: httpUrl.default('https://api.telegram.org'),
});

export interface AlertSettings {
  /** The staff chat's bot; undefined when alerts are off (`alertsOffReason` says why, if it matters). */
  telegram: TelegramSettings | undefined;
  alertsOffReason: string | null;
}

/** Alerts need both variables; one without the other is said on the status screen, not fatal. */
export function alertSettingsFrom(vars: z.output<typeof alertEnvSchema>): AlertSettings {
  const token = vars.TELEGRAM_BOT_TOKEN || undefined;
  const chatId = vars.TELEGRAM_CHAT_ID || undefined;
  if (token && chatId) {
    return {
      telegram: { token, chatId, apiRoot: vars.TELEGRAM_API_ROOT },
      alertsOffReason: null,
    };
  }
  const missing = token ? 'TELEGRAM_CHAT_ID' : chatId ? 'TELEGRAM_BOT_TOKEN' : null;
  return {
    telegram: undefined,
    alertsOffReason: missing && `${missing} is not set, so staff alerts are off`,
  };
}
