import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { lastSmsFailed, smsNotSent } from '../../sms/sms-outbox.js';
import type { PhoneCodeStore } from './code-store.js';

/**
 * Whether the caller may act for a phone: the holder of its `orders` code, or the customer who
 * proved that phone. Throws 401 PHONE_CODE_REQUIRED otherwise.
 */
export type LookupAccess = (
  phone: string,
  code: string | undefined,
  user: CurrentUser | undefined,
) => Promise<void>;

/** Proof of a phone, always asked; `message` says what the code is for. */
export function phoneProof(db: Db, store: PhoneCodeStore, message: string): LookupAccess {
  return async (phone, code, user) => {
    if (user?.role === 'customer' && user.phoneNumber === phone) {
      const [own] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, user.id), eq(users.phoneVerified, true)));
      if (own) return;
    }
    if (code && (await store.check(phone, 'orders', code))) return;
    if (code && (await lastSmsFailed(db, phone, 'orders'))) throw smsNotSent();
    throw new AppError(401, 'PHONE_CODE_REQUIRED', message);
  };
}

/** Who may read a phone's orders; `open` (ORDER_LOOKUP=open) lets anyone. */
export function lookupAccess(db: Db, store: PhoneCodeStore, open: boolean): LookupAccess {
  const proof = phoneProof(db, store, 'Enter the code we sent to this phone to see its orders');
  return async (phone, code, user) => {
    if (!open) await proof(phone, code, user);
  };
}
