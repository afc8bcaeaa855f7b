import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OrderRow } from '../../db/schema.js';
import { isStaff, type CurrentUser } from '../../plugins/auth.js';

/** 128 random bits: the order's link cannot be guessed, only handed on. */
const ORDER_KEY_BYTES = 16;

/** A new order key, 22 base64url characters (fits a URL as it is). */
export const newOrderKey = (): string => randomBytes(ORDER_KEY_BYTES).toString('base64url');

/** Only this is stored: a leaked database opens no order page. */
export const hashOrderKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Compared in constant time, so the answer's timing tells nothing about how much of a key was right. */
export function orderKeyMatches(key: string | undefined, storedHash: string | null): boolean {
  if (!key || !storedHash) return false;
  const given = createHash('sha256').update(key, 'utf8').digest();
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/** Who reads an order without its key: staff, and the account whose phone placed it. */
export const isOwnerOrStaff = (
  order: Pick<OrderRow, 'phoneNumber'>,
  user: CurrentUser | undefined,
): boolean => isStaff(user) || (!!user && user.phoneNumber === order.phoneNumber);
