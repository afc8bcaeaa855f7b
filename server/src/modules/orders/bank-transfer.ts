import { eq, sql } from 'drizzle-orm';
import { formatSom, orderNumber, shopDayStart, type BankTransfer } from '@shop/common';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { enqueueOrderAlert } from '../alerts/outbox.js';
import type { Db } from '../../db/client.js';
import { orders, type OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';

/** Why a transfer cannot be recorded for this order, or nothing when it can. */
function refusal(order: OrderRow, amount: number): AppError | undefined {
  const number = orderNumber(order.id);
  if (order.paymentMethod !== 'bank_transfer')
    return conflict('NOT_BANK_TRANSFER_ORDER', `Order ${number} is not paid by bank transfer`);
  if (order.paymentStatus === 'paid') return conflict('ORDER_PAID', `Order ${number} is already paid`);
  if (order.status === 'cancelled')
    return conflict('ORDER_CANCELLED', `Order ${number} is cancelled: bring it back before taking its money`);
  if (amount !== order.total) {
    const message = `The transfer (${formatSom(amount, 'en')}) must equal the invoice total (${formatSom(order.total, 'en')})`;
    return new AppError(409, 'AMOUNT_MISMATCH', message, [{ path: 'amount', message }]);
  }
  return undefined;
}

/** A day alone is read as the start of that Tashkent day. */
const instantOf = (paidAt: string) => (paidAt.length === 10 ? shopDayStart(paidAt) : new Date(paidAt));

/**
 * Staff saw a company's transfer arrive on the shop's account: the amount (which must be the
 * invoice's total: a part payment is not a state the shop has), the day it arrived and the bank's
 * reference are kept on the order, its payment becomes `paid`, the audit log and the staff chat hear of it.
 */
export async function receiveBankTransfer(
  db: Db,
  orderId: string,
  transfer: BankTransfer,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('ORDER_NOT_FOUND', 'Order not found');
    const refused = refusal(order, transfer.amount);
    if (refused) throw refused;
    const paidAt = instantOf(transfer.paidAt);
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        paidAt,
        bankTransfer: {
          amount: transfer.amount,
          paidAt: paidAt.toISOString(),
          reference: transfer.reference,
          byId: actor.id,
          byName: actor.fullName,
          at: new Date().toISOString(),
        },
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'order',
      entityId: orderId,
      before: transferFields(order),
      after: transferFields(updated!),
    });
    await enqueueOrderAlert(tx, 'paymentReceived', orderId);
  });
}

const transferFields = (order: OrderRow) => ({
  paymentStatus: order.paymentStatus,
  paidAt: order.paidAt,
  bankTransfer: order.bankTransfer,
});
