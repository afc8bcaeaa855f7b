import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import type { PhoneCodeStore } from './code-store.js';

/** Who may read a phone's orders: the holder of an `orders` code, or the customer who proved that phone. */
export type LookupAccess = (
  phone: string,
  code: string | undefined,
  user: CurrentUser | undefined,
) => Promise<void>;

export function lookupAccess(db: Db, store: PhoneCodeStore, open: boolean): LookupAccess {
  return async (phone, code, user) => {
    if (open) return;
    if (user?.role === 'customer' && user.phoneNumber === phone) {
      const [own] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, user.id), eq(users.phoneVerified, true)));
      if (own) return;
    }
    if (code && (await store.check(phone, 'orders', code))) return;
    throw new AppError(401, 'PHONE_CODE_REQUIRED', 'Enter the code we sent to this phone to see its orders');
  };
}
