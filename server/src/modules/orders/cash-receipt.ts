import { eq, sql } from 'drizzle-orm';
import { formatSom, orderNumber } from '@shop/common';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { enqueueOrderAlert } from '../alerts/outbox.js';
import { enqueueOrderNews } from '../telegram-shop/order-news.js';
import type { Db } from '../../db/client.js';
import { orders, type OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';

/** Why cash cannot be taken for this order, or nothing when it can. */
function refusal(order: OrderRow): AppError | undefined {
  const number = orderNumber(order.id);
  if (order.paymentMethod !== 'cash')
    return conflict('NOT_CASH_ORDER', `Order ${number} is paid online (${order.paymentMethod}), not in cash`);
  if (order.paymentStatus === 'paid') return conflict('ORDER_PAID', `Order ${number} is already paid`);
  if (order.status === 'cancelled')
    return conflict('ORDER_CANCELLED', `Order ${number} is cancelled: bring it back before taking its money`);
  return undefined;
}

/**
 * Staff took the cash for a cash order (at the door or in the shop): the amount, who and when are
 * kept on the order, its payment becomes `paid`, the audit log and the staff chat hear of it. The
 * amount must be the order's total: a part payment is not a state the shop has.
 */
export async function receiveCash(db: Db, orderId: string, amount: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('ORDER_NOT_FOUND', 'Order not found');
    const refused = refusal(order);
    if (refused) throw refused;
    if (amount !== order.total) {
      const message = `The amount received (${formatSom(amount, 'en')}) must equal the order total (${formatSom(order.total, 'en')})`;
      throw new AppError(400, 'VALIDATION_ERROR', message, [{ path: 'amount', message }]);
    }
    const at = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        paidAt: at,
        cashReceivedAmount: amount,
        cashReceivedById: actor.id,
        cashReceivedByName: actor.fullName,
        cashReceivedAt: at,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'order',
      entityId: orderId,
      before: cashFields(order),
      after: cashFields(updated!),
    });
    await enqueueOrderAlert(tx, 'paymentReceived', orderId);
    await enqueueOrderNews(tx, orderId, 'paid');
  });
}

const cashFields = (order: OrderRow) => ({
  paymentStatus: order.paymentStatus,
  paidAt: order.paidAt,
  cashReceivedAmount: order.cashReceivedAmount,
});
