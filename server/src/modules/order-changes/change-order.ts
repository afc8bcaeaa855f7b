import { eq, sql } from 'drizzle-orm';
import type { AuditChanges } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { orderLines, orders, type OrderRow } from '../../db/schema.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { readSettings, reserveSlot } from '../delivery/delivery-rules.js';
import { releasePromoUse, retakePromoUse } from '../promotions/promo-use.js';
import { moveLinesStock, negateMoves, returnOrderStock, stockMovesOf } from '../stock/stock.js';
import { auditPicture, tellChange } from './change-effects.js';
import type { LockedOrder } from './order-lock.js';
import { ruleOf, type OrderChange } from './order-changes.js';

/*
 * The one writer of the `orders` table (placing a new order is in `place-order.ts`). Every change
 * is applied to a row locked by `lockOrder` in the caller's transaction, and what it tells (alert,
 * news, audit entry) is derived from the row before and after it, in `change-effects.ts`.
 */

/**
 * Applies one or more named changes to the locked order as one write, and answers the row as it
 * now is (still locked). Staff changes (`by` given) are audited; the shop's own only where the
 * rule says so. Leaving or entering `cancelled` gives back or takes again the order's stock (and
 * its delivery slot): whichever change does it, the goods follow the status here.
 */
export async function changeOrder(
  tx: Tx,
  order: LockedOrder,
  change: OrderChange | readonly OrderChange[],
  by: Actor | null = null,
): Promise<LockedOrder> {
  const changes: readonly OrderChange[] = Array.isArray(change) ? change : [change as OrderChange];
  const rules = changes.map((each) => ruleOf(each));
  const audited = by !== null || rules.some((rule) => rule.audited);
  const picture = audited ? await auditPicture(tx, order) : undefined;
  const columns: Partial<OrderRow> = {};
  const facts: AuditChanges = {};
  for (const [i, each] of changes.entries()) {
    const rule = rules[i]!;
    const now: OrderRow = { ...order, ...columns };
    const set = rule.columns(now, each);
    await rule.write?.(tx, now, each, by);
    Object.assign(columns, set);
    Object.assign(facts, rule.facts?.(each));
  }
  await followStatus(tx, order, { ...order, ...columns });
  const [after] = await tx
    .update(orders)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  await tellChange(tx, {
    names: changes.map((each) => each.name),
    before: order,
    after: after!,
    audited: picture,
    facts,
    by,
  });
  return after as LockedOrder;
}

/** The stock, the delivery slot and a promo code's use follow the order in and out of `cancelled`. */
async function followStatus(tx: Tx, before: OrderRow, after: OrderRow): Promise<void> {
  if (before.status !== 'cancelled' && after.status === 'cancelled') {
    await returnOrderStock(tx, before.id);
    await releasePromoUse(tx, before.id);
  } else if (before.status === 'cancelled' && after.status !== 'cancelled') {
    await retakePromoUse(tx, before.id);
    // Taken back: the goods and the slot are taken again, 409 when either is gone meanwhile.
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, before.id));
    await moveLinesStock(tx, stockMovesOf(lines));
    if (after.deliveryMethod === 'courier' && after.deliveryDate && after.deliverySlot) {
      const settings = await readSettings(tx);
      await reserveSlot(tx, after.deliveryDate, after.deliverySlot, settings.slotCapacity, after.id);
    }
  }
}

/**
 * Staff delete an order: a new order gives its stock back (an `ordered` one's goods are gone, a
 * cancelled one's already came back), and the audit log keeps what it was.
 */
export async function removeOrder(tx: Tx, order: LockedOrder, by: Actor): Promise<void> {
  const picture = await auditPicture(tx, order);
  if (order.status === 'new') {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    await moveLinesStock(tx, negateMoves(stockMovesOf(lines)));
  }
  await releasePromoUse(tx, order.id);
  await tx.delete(orders).where(eq(orders.id, order.id));
  await recordAudit(tx, by, { action: 'delete', entity: 'order', entityId: order.id, before: picture });
}
