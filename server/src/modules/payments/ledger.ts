import { and, eq, ne } from 'drizzle-orm';
import { isOpenOrder, type OnlinePaymentMethod } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { paymentTransactions, type OrderRow, type PaymentTransactionRow } from '../../db/schema.js';
import { changeOrder } from '../order-changes/change-order.js';
import type { LockedOrder } from '../order-changes/order-lock.js';

/*
 * The payment ledger: the providers' transactions (Payme's and Click's protocol state, an Uzum
 * contract's money) and what each of their moves does to the order. The order itself changes only
 * through the order-change module, by name (`paymentOpened`, `paid`, `paymentFailed`, ...), in
 * the caller's transaction, which holds the order's row lock (`lockOrder`) from before it reads the
 * transaction: so each change happens once, whoever (Payme, Click, the sweep, staff) gets there
 * first. The state machine is drawn in docs/decisions/011-payments.md.
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
  isOpenOrder(order) && order.paymentDueAt !== null && order.paymentDueAt.getTime() <= now.getTime();

export const isPaymeExpired = (transaction: PaymentTransactionRow, now: Date): boolean =>
  transaction.state === TRANSACTION_STATE.open &&
  now.getTime() - transaction.createdAt.getTime() > PAYME_TRANSACTION_TIMEOUT_MS;

/** A provider's transaction is opened: the order is now `pending`. */
export async function openTransaction(
  tx: Tx,
  order: LockedOrder,
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
  await changeOrder(tx, order, { name: 'paymentOpened' });
  return row!;
}

/**
 * A Payme perform, a Click complete and an activated Uzum contract all end here, inside the
 * transaction that holds the order's row lock: the transaction is performed and the order takes
 * the order-change module's `paid` change, as cash and transfers do (the money received is
 * recorded the same way, and the same alert and news follow).
 */
export async function recordPayment(
  tx: Tx,
  order: LockedOrder,
  transaction: PaymentTransactionRow,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ state: TRANSACTION_STATE.paid, performedAt: at })
    .where(eq(paymentTransactions.id, transaction.id));
  await changeOrder(tx, order, {
    name: 'paid',
    money: {
      method: transaction.provider,
      amount: transaction.amount / 100,
      receivedAt: at,
      transactionId: transaction.id,
    },
  });
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
 * Cancels an order that took no money: its open transactions close, and the order's
 * `paymentExpired` change gives its stock back. Under the row lock the order is seen not cancelled
 * yet and marked cancelled in the same transaction: so however many cancels race, the stock comes
 * back once.
 */
async function cancelUnpaidOrder(tx: Tx, order: LockedOrder, reason: number, at: Date): Promise<void> {
  await closeOpenTransactions(tx, order.id, reason, at);
  await changeOrder(tx, order, { name: 'paymentExpired' });
}

/**
 * The provider cancelled before any money moved (a declined card, a closed page): the transaction
 * closes, and the order, its stock still held, waits as `failed` for the rest of its time to pay,
 * when the shopper may pay again or choose cash (decision 023). The sweep ends it after that.
 */
export async function cancelBeforePayment(
  tx: Tx,
  order: LockedOrder | undefined,
  transaction: PaymentTransactionRow,
  reason: number,
  at: Date,
): Promise<void> {
  await dropTransaction(tx, order, transaction, reason, at, 'paymentFailed');
}

/** The money went back to the shopper: the order is cancelled and its stock returned (once). */
export async function refundPayment(
  tx: Tx,
  order: LockedOrder | undefined,
  transaction: PaymentTransactionRow,
  reason: number,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ state: TRANSACTION_STATE.refunded, cancelledAt: at, reason })
    .where(eq(paymentTransactions.id, transaction.id));
  if (order) await changeOrder(tx, order, { name: 'refunded' });
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
 * order) while the order itself stays: unless another transaction is still open, the order takes
 * `then` and waits for a payment again.
 */
export async function dropTransaction(
  tx: Tx,
  order: LockedOrder | undefined,
  transaction: PaymentTransactionRow,
  reason: number,
  at: Date,
  then: 'paymentAbandoned' | 'paymentFailed' = 'paymentAbandoned',
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
  if (!stillOpen) await changeOrder(tx, order, { name: then });
}

/** Cancels an order whose time to pay ran out; true when it did. Used by the sweep and by every provider call. */
export async function expireIfOverdue(tx: Tx, order: LockedOrder, now: Date): Promise<boolean> {
  if (!isOverdue(order, now)) return false;
  await cancelUnpaidOrder(tx, order, CANCEL_REASON.timeout, now);
  return true;
}
