import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A quote's key is an HMAC of its id under the server's secret: nothing is stored that would open
 * the quote, and the shop can put the same link in the SMS it sends when staff answer.
 */
export const quoteKey = (secret: string, id: string): string =>
  createHmac('sha256', secret).update(`quote:${id}`).digest('base64url').slice(0, 22);

export function quoteKeyMatches(secret: string, id: string, key: string | undefined): boolean {
  if (!key) return false;
  const expected = Buffer.from(quoteKey(secret, id));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
