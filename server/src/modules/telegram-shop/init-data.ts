import { createHmac, timingSafeEqual } from 'node:crypto';

/** Launch data older than this no longer signs anyone in. */
export const INIT_DATA_MAX_AGE_SECONDS = 24 * 3600;
/** A clock a little ahead of ours is not an attack; launch data from further ahead is refused. */
const FUTURE_SKEW_SECONDS = 300;

/** The Telegram user a Mini App was opened by, as `initData.user` gives it. */
export interface TelegramWebAppUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export type InitDataCheck =
  | { ok: true; user: TelegramWebAppUser; authDate: number }
  | { ok: false; reason: 'missing hash' | 'bad signature' | 'stale' | 'no user' };

/**
 * Checks a Mini App's `initData` as Telegram documents it ("Validating data received via the Mini
 * App"): the secret key is HMAC-SHA256 of the bot token keyed with "WebAppData"; the hash is the hex
 * HMAC-SHA256, under that key, of every field but `hash`, as `key=value` lines sorted by key and
 * joined by "\n". Compared in constant time; `auth_date` must be under a day old.
 */
export function checkInitData(initData: string, botToken: string, nowMs = Date.now()): InitDataCheck {
  const params = new URLSearchParams(initData);
  const hash = params.get('hash');
  if (!hash) return { ok: false, reason: 'missing hash' };
  params.delete('hash');
  const dataCheckString = [...params.entries()]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest();
  const given = Buffer.from(hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad signature' };
  }
  const authDate = Number(params.get('auth_date'));
  const age = nowMs / 1000 - authDate;
  if (!Number.isInteger(authDate) || age >= INIT_DATA_MAX_AGE_SECONDS || age < -FUTURE_SKEW_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  const user = parseUser(params.get('user'));
  return user ? { ok: true, user, authDate } : { ok: false, reason: 'no user' };
}

function parseUser(json: string | null): TelegramWebAppUser | undefined {
  if (!json) return undefined;
  try {
    const user = JSON.parse(json) as Partial<TelegramWebAppUser>;
    return typeof user.id === 'number' && Number.isSafeInteger(user.id)
      ? (user as TelegramWebAppUser)
      : undefined;
  } catch {
    return undefined;
  }
}
