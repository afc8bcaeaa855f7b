import { asc, eq } from 'drizzle-orm';
import type { AuditChanges, StaffAlertKind } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { orderLines, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { enqueueOrderAlert } from '../alerts/outbox.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { deliveryOf } from '../delivery/order-delivery.js';
import { enqueueOrderNews, newsOfChange } from '../telegram-shop/order-news.js';
import type { OrderChangeName } from './order-changes.js';
import { receivedPaymentsOf, type ReceivedPayment } from './received-payments.js';

/*
 * What a change of an order tells, derived here and only here from the row before and after it:
 * the staff alert, the customer's news and the audit entry. A change never says "send this";
 * it changes the order, and what changed decides who hears of it.
 */

/** What a new order tells: staff hear of it, and so does its customer's chat. */
export const PLACED_TELLS = { alert: 'orderPlaced', news: 'placed' } as const;

/** The staff alert an order's change raises, if any. */
export function alertOf(
  names: readonly OrderChangeName[],
  before: Pick<OrderRow, 'status' | 'paymentStatus'>,
  after: Pick<OrderRow, 'status' | 'paymentStatus'>,
): StaffAlertKind | undefined {
  if (before.paymentStatus !== 'paid' && after.paymentStatus === 'paid') return 'paymentReceived';
  if (before.status !== 'cancelled' && after.status === 'cancelled') {
    return names.includes('holdExpired') ? 'orderExpired' : 'orderCancelled';
  }
  return undefined;
}

const latest = (money: readonly ReceivedPayment[], method: ReceivedPayment['method']) =>
  money.findLast((payment) => payment.method === method);

/** What the audit log keeps of an order: the fields that change, the money staff recorded, its lines. */
export function auditedOrder(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  money: readonly ReceivedPayment[],
): Record<string, unknown> {
  const cash = latest(money, 'cash');
  const transfer = latest(money, 'bank_transfer');
  return {
    status: order.status,
    notes: order.notes,
    total: order.total,
    paymentStatus: order.paymentStatus,
    paidAt: order.paidAt,
    cashReceivedAmount: cash?.amount ?? null,
    bankTransfer: transfer
      ? {
          amount: transfer.amount,
          paidAt: transfer.receivedAt.toISOString(),
          reference: transfer.reference,
          byId: transfer.recordedById,
          byName: transfer.recordedByName,
          at: transfer.recordedAt.toISOString(),
        }
      : null,
    delivery: deliveryOf(order),
    products: lines.map((line) => ({
      product: line.productId,
      color: line.color,
      quantity: line.quantity,
      discountedPrice: line.discountedPrice,
    })),
  };
}

/** The order as the audit log compares it, read in the change's transaction. */
export async function auditPicture(tx: Tx, order: OrderRow): Promise<Record<string, unknown>> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const money = await receivedPaymentsOf(tx, [order.id], ['cash', 'bank_transfer']);
  return auditedOrder(order, lines, money.get(order.id) ?? []);
}

export interface ChangeSeen {
  names: readonly OrderChangeName[];
  before: OrderRow;
  after: OrderRow;
  /** The audit picture before the change, when it is audited. */
  audited?: Record<string, unknown>;
  facts: AuditChanges;
  by: Actor | null;
}

/** Writes what the change tells, in its transaction: it is told exactly when the change commits. */
export async function tellChange(tx: Tx, seen: ChangeSeen): Promise<void> {
  const { names, before, after } = seen;
  const alert = alertOf(names, before, after);
  if (alert) await enqueueOrderAlert(tx, alert, after.id);
  await enqueueOrderNews(tx, after.id, ...newsOfChange(before, after));
  if (seen.audited) {
    await recordAudit(tx, seen.by, {
      action: 'update',
      entity: 'order',
      entityId: after.id,
      before: seen.audited,
      after: await auditPicture(tx, after),
      extra: seen.facts,
    });
  }
}
