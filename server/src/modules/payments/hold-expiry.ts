import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { enqueueOrderAlert } from '../alerts/outbox.js';
import { enqueueOrderNews } from '../telegram-shop/order-news.js';
import { recordAudit } from '../audit/audit-log.js';
import { returnOrderStock } from '../stock/stock.js';
import { CANCEL_REASON, closeOpenTransactions } from './ledger.js';

/** Orders ended per pass; the next pass takes the rest. */
const BATCH = 200;

/**
 * ORDER_HOLD_HOURS (docs/decisions/019-abuse-limits.md): an order still `new` and unpaid this long
 * after it was placed stops holding its stock. It is cancelled by one conditional UPDATE that
 * matches only while it is still new and unpaid, in the transaction that returns its stock: staff
 * confirming it, a payment arriving or another process's sweep, whichever commits first, makes
 * the others match nothing, so its stock comes back at most once. Audited as the shop itself
 * (no actor), and staff are told through the alert outbox.
 */
export async function endExpiredHolds(
  db: Db,
  holdMs: number,
  now: Date,
  invoiceHoldMs = holdMs,
): Promise<number> {
  if (holdMs <= 0) return 0;
  // A company paying an invoice by bank transfer has the invoice's days to pay (decision 024).
  const invoiceMs = Math.max(holdMs, invoiceHoldMs);
  const heldTooLong = or(
    and(ne(orders.paymentMethod, 'bank_transfer'), lte(orders.createdAt, new Date(now.getTime() - holdMs))),
    and(
      eq(orders.paymentMethod, 'bank_transfer'),
      lte(orders.createdAt, new Date(now.getTime() - invoiceMs)),
    ),
  );
  const held = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'new'), eq(orders.paymentStatus, 'unpaid'), heldTooLong))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let ended = 0;
  for (const { id } of held) {
    const expired = await db.transaction(async (tx) => {
      const [after] = await tx
        .update(orders)
        .set({ status: 'cancelled', paymentStatus: 'cancelled', paymentDueAt: null, updatedAt: sql`now()` })
        .where(
          and(eq(orders.id, id), eq(orders.status, 'new'), eq(orders.paymentStatus, 'unpaid'), heldTooLong),
        )
        .returning();
      if (!after) return false;
      await returnOrderStock(tx, id);
      await closeOpenTransactions(tx, id, CANCEL_REASON.timeout, now);
      // What the update matched is the `before`: it changed nothing else.
      await recordAudit(tx, null, {
        action: 'update',
        entity: 'order',
        entityId: id,
        before: { status: 'new', paymentStatus: 'unpaid' },
        after: { status: after.status, paymentStatus: after.paymentStatus },
        extra: { holdExpired: { before: false, after: true } },
      });
      await enqueueOrderAlert(tx, 'orderExpired', id);
      await enqueueOrderNews(tx, id, 'cancelled');
      return true;
    });
    if (expired) ended += 1;
  }
  return ended;
}
