import { z } from 'zod';
import { ConfigError, optionalText } from './env.js';

/** How the customer bot hears from Telegram: its webhook, long polling, or not at all. */
export type TelegramUpdates = 'off' | 'webhook' | 'polling';

/** The customer side of the bot (the Mini App's sign-in, the chat, order news). */
export interface TelegramShopSettings {
  /** `TELEGRAM_BOT_TOKEN`: signs the Mini App's launch data; undefined when no bot is set. */
  token: string | undefined;
  apiRoot: string;
  updates: TelegramUpdates;
  /** `TELEGRAM_WEBHOOK_SECRET`: what Telegram sends back in `X-Telegram-Bot-Api-Secret-Token`. */
  webhookSecret: string | undefined;
  /** Order news: how often the outbox is looked at, and the longest wait after failures in a row. */
  pollMs: number;
  maxBackoffMs: number;
  /** Long polling: how long one getUpdates call waits for news from Telegram. */
  longPollSeconds: number;
  requestTimeoutMs: number;
}

export const DEFAULT_TELEGRAM_SHOP_SETTINGS: TelegramShopSettings = {
  token: undefined,
  apiRoot: 'https://api.telegram.org',
  updates: 'off',
  webhookSecret: undefined,
  pollMs: 1_000,
  maxBackoffMs: 30_000,
  longPollSeconds: 25,
  requestTimeoutMs: 15_000,
};

export const telegramShopEnvSchema = z.object({
  TELEGRAM_UPDATES: z.enum(['off', 'webhook', 'polling']).optional(),
  // Telegram allows 1–256 characters A–Z, a–z, 0–9, _ and - in a webhook's secret token.
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, '16–256 characters: letters, digits, _ and - only')
      .optional(),
  ),
});

/**
 * The bot hears updates by webhook when its secret is set, unless `TELEGRAM_UPDATES` says
 * otherwise; a token alone (staff alerts only) leaves the customer chat off.
 */
export function telegramShopSettingsFrom(
  vars: z.infer<typeof telegramShopEnvSchema> & { TELEGRAM_BOT_TOKEN?: string; TELEGRAM_API_ROOT: string },
): TelegramShopSettings {
  const token = vars.TELEGRAM_BOT_TOKEN || undefined;
  const updates = vars.TELEGRAM_UPDATES ?? (vars.TELEGRAM_WEBHOOK_SECRET ? 'webhook' : 'off');
  if (updates !== 'off' && !token) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN', `is required when TELEGRAM_UPDATES=${updates}`);
  }
  if (updates === 'webhook' && !vars.TELEGRAM_WEBHOOK_SECRET) {
    throw new ConfigError('TELEGRAM_WEBHOOK_SECRET', 'is required when TELEGRAM_UPDATES=webhook');
  }
  return {
    ...DEFAULT_TELEGRAM_SHOP_SETTINGS,
    token,
    apiRoot: vars.TELEGRAM_API_ROOT,
    updates,
    webhookSecret: vars.TELEGRAM_WEBHOOK_SECRET,
  };
}
