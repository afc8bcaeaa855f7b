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
