import { and, asc, eq, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, type OrderRow } from '../../db/schema.js';
import { changeOrder } from '../order-changes/change-order.js';
import { lockOrder } from '../order-changes/order-lock.js';
import { CANCEL_REASON, closeOpenTransactions } from './ledger.js';

/** Orders ended per pass; the next pass takes the rest. */
const BATCH = 200;

/**
 * ORDER_HOLD_HOURS (docs/decisions/019-abuse-limits.md): an order still `new` and unpaid this long
 * after it was placed stops holding its stock. Each one is read again under its row lock and
 * ended only if it still is new and unpaid: staff confirming it, a payment arriving or another
 * process's sweep, whichever commits first, makes the others leave it, so its stock comes back at
 * most once. The order's `holdExpired` change is audited as the shop itself (no actor) and
 * tells the staff (`orderExpired`) and the customer.
 */
export async function endExpiredHolds(
  db: Db,
  holdMs: number,
  now: Date,
  invoiceHoldMs = holdMs,
): Promise<number> {
  if (holdMs <= 0) return 0;
  // A company paying an invoice by bank transfer has the invoice's days to pay (decision 024).
  const cutoff = (method: OrderRow['paymentMethod']) =>
    new Date(now.getTime() - (method === 'bank_transfer' ? Math.max(holdMs, invoiceHoldMs) : holdMs));
  const stillHeld = (order: OrderRow) =>
    order.status === 'new' &&
    order.paymentStatus === 'unpaid' &&
    order.createdAt.getTime() <= cutoff(order.paymentMethod).getTime();
  const held = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'new'),
        eq(orders.paymentStatus, 'unpaid'),
        or(
          and(ne(orders.paymentMethod, 'bank_transfer'), lte(orders.createdAt, cutoff('cash'))),
          and(eq(orders.paymentMethod, 'bank_transfer'), lte(orders.createdAt, cutoff('bank_transfer'))),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let ended = 0;
  for (const { id } of held) {
    const expired = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || !stillHeld(order)) return false;
      await closeOpenTransactions(tx, id, CANCEL_REASON.timeout, now);
      await changeOrder(tx, order, { name: 'holdExpired' });
      return true;
    });
    if (expired) ended += 1;
  }
  return ended;
}
