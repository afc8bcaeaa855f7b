import { and, eq, ne, sql } from 'drizzle-orm';
import type { OnlinePaymentMethod } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { orders, paymentTransactions, type OrderRow, type PaymentTransactionRow } from '../../db/schema.js';
import { enqueueOrderAlert } from '../alerts/outbox.js';
import { enqueueOrderNews } from '../telegram-shop/order-news.js';
import { returnOrderStock } from '../stock/stock.js';

/*
 * The payment ledger: every change to a provider transaction or to an order's payment goes
 * through these functions, inside a database transaction whose caller holds the order's row lock
 * (`lockOrder`). Holding that lock and re-reading the rows under it is what makes each change
 * happen once, whoever (Payme, Click, the timeout sweep, staff) gets there first.
 * The state machine is drawn in docs/decisions/011-payments.md.
 */

/** Payme's transaction states; Click's transactions use the same numbers. */
export const TRANSACTION_STATE = { open: 1, paid: 2, cancelled: -1, refunded: -2 } as const;

/** Payme's cancel reasons, kept for Click's transactions too. */
export const CANCEL_REASON = {
  debitFailed: 2,
  executionFailed: 3,
  timeout: 4,
  refund: 5,
} as const;

/** Payme gives up a transaction that is not performed within 12 hours of its creation. */
export const PAYME_TRANSACTION_TIMEOUT_MS = 12 * 60 * 60 * 1000;

type Executor = Db | Tx;

export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

/** Re-reads a transaction under its order's lock, so its state is the one to act on. */
export async function lockTransaction(tx: Tx, id: number): Promise<PaymentTransactionRow> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id))
    .for('update');
  return row!;
}

export async function findTransaction(
  executor: Executor,
  provider: OnlinePaymentMethod,
  providerTransactionId: string,
): Promise<PaymentTransactionRow | undefined> {
  const [row] = await executor
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, provider),
        eq(paymentTransactions.providerTransactionId, providerTransactionId),
      ),
    )
    .limit(1);
  return row;
}

export type NotPayable = 'cancelled' | 'paid' | 'held' | 'other-method';

/**
 * Why an order cannot start a new payment through `provider`, or null when it can. An order is
 * paid through the method chosen at checkout only, so one provider can never pay (or hold) an
 * order of the other; `exclusive` providers (Payme) also allow one open transaction at a time.
 */
export function whyNotPayable(
  order: OrderRow,
  provider: OnlinePaymentMethod,
  exclusive: boolean,
): NotPayable | null {
  if (order.status === 'cancelled' || order.paymentStatus === 'cancelled') return 'cancelled';
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return 'paid';
  if (order.paymentMethod !== provider) return 'other-method';
  if (exclusive && order.paymentStatus === 'pending') return 'held';
  return null;
}

/**
 * A new online order still waiting for its money past the time it was given. Once staff moved it
 * on (`ordered`: the goods left the shop) it is theirs to settle, and no timer cancels it.
 */
export const isOverdue = (order: OrderRow, now: Date): boolean =>
  order.status === 'new' &&
  (order.paymentStatus === 'unpaid' ||
    order.paymentStatus === 'pending' ||
    order.paymentStatus === 'failed') &&
  order.paymentDueAt !== null &&
  order.paymentDueAt.getTime() <= now.getTime();

export const isPaymeExpired = (transaction: PaymentTransactionRow, now: Date): boolean =>
  transaction.state === TRANSACTION_STATE.open &&
  now.getTime() - transaction.createdAt.getTime() > PAYME_TRANSACTION_TIMEOUT_MS;

/** A provider's transaction is opened: the order is now `pending`. */
export async function openTransaction(
  tx: Tx,
  order: OrderRow,
  fields: {
    provider: OnlinePaymentMethod;
    providerTransactionId: string;
    amount: number;
    providerTime?: number;
  },
  at: Date,
): Promise<PaymentTransactionRow> {
  const [row] = await tx
    .insert(paymentTransactions)
    .values({ ...fields, orderId: order.id, state: TRANSACTION_STATE.open, createdAt: at })
    .returning();
  await tx
    .update(orders)
    .set({ paymentStatus: 'pending', updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return row!;
}

/**
 * THE place where a paid order is recorded: a Payme perform and a Click complete both end here,
 * inside the transaction that holds the order's row lock, with its "payment received" staff alert.
 */
export async function recordPayment(
  tx: Tx,
  order: OrderRow,
  transaction: PaymentTransactionRow,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ state: TRANSACTION_STATE.paid, performedAt: at })
    .where(eq(paymentTransactions.id, transaction.id));
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', paidAt: at, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  await enqueueOrderAlert(tx, 'paymentReceived', order.id);
  await enqueueOrderNews(tx, order.id, 'paid');
}

/** Closes every open transaction of an order (its money never arrived). */
export async function closeOpenTransactions(
  tx: Tx,
  orderId: string,
  reason: number,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ state: TRANSACTION_STATE.cancelled, cancelledAt: at, reason })
    .where(
      and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.state, TRANSACTION_STATE.open)),
    );
}

/**
 * Cancels an order that took no money: its stock comes back and its open transactions close. The
 * stock moves only when the order, read under its row lock, is not cancelled yet, and the same
 * transaction marks it cancelled: so however many cancels race, the stock comes back once.
 */
export async function cancelUnpaidOrder(tx: Tx, order: OrderRow, reason: number, at: Date): Promise<void> {
  if (order.paymentStatus === 'paid') throw new Error(`order ${order.id} is paid: refund it instead`);
  await endOrder(tx, order, 'cancelled', { reason, at });
}

/**
 * The order ends cancelled with `paymentStatus`, its open transactions closed when `closing` says
 * why; the first time only (the order read under its row lock was not cancelled yet), its stock
 * comes back and the staff and the customer are told.
 */
async function endOrder(
  tx: Tx,
  order: OrderRow,
  paymentStatus: 'cancelled' | 'refunded',
  closing?: { reason: number; at: Date },
): Promise<void> {
  if (order.status !== 'cancelled') await returnOrderStock(tx, order.id);
  if (closing) await closeOpenTransactions(tx, order.id, closing.reason, closing.at);
  await tx
    .update(orders)
    .set({ status: 'cancelled', paymentStatus, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  if (order.status !== 'cancelled') {
    await enqueueOrderAlert(tx, 'orderCancelled', order.id);
    await enqueueOrderNews(tx, order.id, 'cancelled');
  }
}

/**
 * The provider cancelled before any money moved (a declined card, a closed page): the transaction
 * closes, and the order, its stock still held, waits as `failed` for the rest of its time to pay,
 * when the shopper may pay again or choose cash (decision 023). The sweep ends it after that.
 */
export async function cancelBeforePayment(
  tx: Tx,
  order: OrderRow | undefined,
  transaction: PaymentTransactionRow,
  reason: number,
  at: Date,
): Promise<void> {
  await dropTransaction(tx, order, transaction, reason, at, order?.status === 'new' ? 'failed' : 'unpaid');
}

/** The money went back to the shopper: the order is cancelled and its stock returned (once). */
export async function refundPayment(
  tx: Tx,
  order: OrderRow | undefined,
  transaction: PaymentTransactionRow,
  reason: number,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ state: TRANSACTION_STATE.refunded, cancelledAt: at, reason })
    .where(eq(paymentTransactions.id, transaction.id));
  if (order) await endOrder(tx, order, 'refunded');
}

/**
 * Staff confirm they refunded a payment outside the shop (Click's cabinet: its Shop API has no
 * refund call), or cancel an instalment order (the refunded transaction is what gets its Uzum
 * contract cancelled). The caller cancels the order, which returns its stock.
 */
export async function recordProviderRefund(
  tx: Tx,
  orderId: string,
  provider: OnlinePaymentMethod,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ state: TRANSACTION_STATE.refunded, cancelledAt: at, reason: CANCEL_REASON.refund })
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.provider, provider),
        eq(paymentTransactions.state, TRANSACTION_STATE.paid),
      ),
    );
}

/**
 * A transaction given up on its own (Payme's 12 hours passed, or another transaction paid the
 * order) while the order itself stays: the order waits for a payment again (`then`) unless another
 * transaction is still open.
 */
export async function dropTransaction(
  tx: Tx,
  order: OrderRow | undefined,
  transaction: PaymentTransactionRow,
  reason: number,
  at: Date,
  then: 'unpaid' | 'failed' = 'unpaid',
): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ state: TRANSACTION_STATE.cancelled, cancelledAt: at, reason })
    .where(eq(paymentTransactions.id, transaction.id));
  if (!order || order.paymentStatus !== 'pending') return;
  const [stillOpen] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, order.id),
        eq(paymentTransactions.state, TRANSACTION_STATE.open),
        ne(paymentTransactions.id, transaction.id),
      ),
    )
    .limit(1);
  if (!stillOpen) {
    await tx
      .update(orders)
      .set({ paymentStatus: then, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
  }
}

/** Cancels an order whose time to pay ran out; true when it did. Used by the sweep and by every provider call. */
export async function expireIfOverdue(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
  if (!isOverdue(order, now)) return false;
  await cancelUnpaidOrder(tx, order, CANCEL_REASON.timeout, now);
  return true;
}
