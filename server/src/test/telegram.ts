import { createHmac } from 'node:crypto';

export const TEST_BOT_TOKEN = '123456:TEST-bot-token-for-the-customer-chat';

/** Signs Mini App launch data as Telegram does, for tests and the browser journey's stand-in Mini App. */
export function signInitData(fields: Record<string, string>, botToken = TEST_BOT_TOKEN): string {
  const dataCheckString = Object.entries(fields)
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** Launch data for a Telegram user, signed now (or at `authDate`, in seconds). */
export function launchDataFor(
  user: { id: number; first_name?: string; language_code?: string },
  { botToken = TEST_BOT_TOKEN, authDate = Math.floor(Date.now() / 1000) } = {},
): string {
  return signInitData(
    { query_id: 'AAH-test', user: JSON.stringify(user), auth_date: String(authDate) },
    botToken,
  );
}
