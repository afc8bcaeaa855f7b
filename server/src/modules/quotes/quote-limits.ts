import { and, count, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { quotes } from '../../db/schema.js';
import { tooManyRequests } from '../../plugins/errors.js';
import { shopDay } from '@shop/common';

const HOUR_MS = 3_600_000;
/** Price requests from one client address an hour, and waiting for staff or the buyer per phone. */
export const QUOTE_LIMITS = { perAddressPerHour: 5, openPerPhone: 3 } as const;
/** First keys of the advisory locks that queue one address's and one phone's requests. */
const ADDRESS_LOCK_SPACE = 26_024;
const PHONE_LOCK_SPACE = 26_025;

/**
 * 429 QUOTE_LIMIT past either limit; `now` (the shop's clock) says which answers are still valid. Counts of the quotes table in the inserting transaction,
 * under locks on the address and then the phone, so requests racing from several processes count
 * in turn. A quote is open while staff have not answered it, or its answer is still valid.
 */
export async function checkQuoteLimits(tx: Tx, address: string, phone: string, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}, hashtext(${address}))`);
  // Request times are the database's (the column's default), so the hour is the database's too.
  const [recent] = await tx
    .select({ count: count(), oldest: min(quotes.createdAt) })
    .from(quotes)
    .where(and(eq(quotes.clientAddress, address), gt(quotes.createdAt, sql`now() - interval '1 hour'`)));
  if (recent && recent.count >= QUOTE_LIMITS.perAddressPerHour) {
    const wait = recent.oldest ? recent.oldest.getTime() + HOUR_MS - Date.now() : HOUR_MS;
    throw tooManyRequests(
      'QUOTE_LIMIT',
      `At most ${QUOTE_LIMITS.perAddressPerHour} price requests an hour from one address`,
      wait,
    );
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_LOCK_SPACE}, hashtext(${phone}))`);
  const [open] = await tx
    .select({ count: count() })
    .from(quotes)
    .where(
      and(
        eq(quotes.phoneNumber, phone),
        inArray(quotes.status, ['requested', 'answered']),
        sql`(${quotes.validUntil} is null or ${quotes.validUntil} >= ${shopDay(now)}::date)`,
      ),
    );
  if (open && open.count >= QUOTE_LIMITS.openPerPhone) {
    throw tooManyRequests(
      'QUOTE_LIMIT',
      `This phone already has ${QUOTE_LIMITS.openPerPhone} price requests open; we will answer them first`,
      HOUR_MS,
    );
  }
}
