import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatSom, orderNumber, type ErrorCode, type PaymentMethod } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { receivedPayments, users, type OrderRow, type ReceivedPaymentRow } from '../../db/schema.js';
import { AppError, conflict } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';

/** Money arriving for an order, as every method reports it: the `paid` change records it. */
export interface MoneyReceived {
  method: PaymentMethod;
  /** Whole so'm: it must be the order's total (a part payment is not a state the shop has). */
  amount: number;
  /** When it arrived: now for cash and providers, the day it reached the account for a transfer. */
  receivedAt: Date;
  /** A bank transfer's payment reference. */
  reference?: string;
  /** A provider's payment: its transaction. */
  transactionId?: number;
}

/** A received payment as read back; `recordedById` is null once that staff account is gone. */
export type ReceivedPayment = ReceivedPaymentRow;

/** The code that says an order is not paid by the method that brought the money. */
const OTHER_METHOD: Record<PaymentMethod, ErrorCode> = {
  cash: 'NOT_CASH_ORDER',
  bank_transfer: 'NOT_BANK_TRANSFER_ORDER',
  payme: 'PAYMENT_METHOD_UNAVAILABLE',
  click: 'PAYMENT_METHOD_UNAVAILABLE',
  uzum_nasiya: 'PAYMENT_METHOD_UNAVAILABLE',
};

/**
 * Why this money cannot pay the order, the same answer for every method: 409 naming the method
 * the order is paid by, 409 ORDER_PAID, 409 ORDER_CANCELLED, and 409 AMOUNT_MISMATCH for an amount
 * other than the total (the order's state decides it, not the shape of the request). Providers
 * check the same before answering in their own protocol, so for them this is a guard.
 */
export function whyNotReceivable(order: OrderRow, money: MoneyReceived): AppError | undefined {
  const number = orderNumber(order.id);
  if (order.paymentMethod !== money.method) {
    return conflict(
      OTHER_METHOD[money.method],
      `Order ${number} is paid by ${order.paymentMethod}, not ${money.method}`,
    );
  }
  if (order.paymentStatus === 'paid') return conflict('ORDER_PAID', `Order ${number} is already paid`);
  if (order.status === 'cancelled') {
    return conflict('ORDER_CANCELLED', `Order ${number} is cancelled: bring it back before taking its money`);
  }
  if (money.amount !== order.total) {
    const message = `The amount received (${formatSom(money.amount, 'en')}) must equal the order total (${formatSom(order.total, 'en')})`;
    return new AppError(409, 'AMOUNT_MISMATCH', message, [{ path: 'amount', message }]);
  }
  return undefined;
}

/** Writes the receipt of the money, in the transaction that marks the order paid. */
export async function recordReceivedPayment(
  tx: Tx,
  orderId: string,
  money: MoneyReceived,
  by: Actor | null,
): Promise<void> {
  await tx.insert(receivedPayments).values({
    orderId,
    method: money.method,
    amount: money.amount,
    receivedAt: money.receivedAt,
    recordedById: by?.id ?? null,
    recordedByName: by?.fullName ?? null,
    reference: money.reference ?? null,
    transactionId: money.transactionId ?? null,
  });
}

/**
 * The money received for these orders, oldest first, `methods` only when given. The staff
 * member's id reads null once their account is gone; their name stays, as on a paper receipt.
 */
export async function receivedPaymentsOf(
  executor: Db | Tx,
  orderIds: readonly string[],
  methods?: readonly PaymentMethod[],
): Promise<Map<string, ReceivedPayment[]>> {
  const byOrder = new Map<string, ReceivedPayment[]>();
  if (orderIds.length === 0 || methods?.length === 0) return byOrder;
  const rows = await executor
    .select({ payment: receivedPayments, staffId: users.id })
    .from(receivedPayments)
    .leftJoin(users, eq(users.id, receivedPayments.recordedById))
    .where(
      and(
        inArray(receivedPayments.orderId, [...orderIds]),
        methods ? inArray(receivedPayments.method, [...methods]) : undefined,
      ),
    )
    .orderBy(asc(receivedPayments.orderId), asc(receivedPayments.id));
  for (const { payment, staffId } of rows) {
    const list = byOrder.get(payment.orderId) ?? [];
    list.push({ ...payment, recordedById: staffId });
    byOrder.set(payment.orderId, list);
  }
  return byOrder;
}
