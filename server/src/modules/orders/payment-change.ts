import { isOnlinePaymentMethod, orderNumber, type PaymentMethod } from '@shop/common';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import { changeOrder } from '../order-changes/change-order.js';
import { lockOrder } from '../order-changes/order-lock.js';
import { receiptSourceOf } from '../payments/fiscal/receipt-source.js';
import { expireIfOverdue } from '../payments/ledger.js';
import type { OrderPayments } from '../payments/order-payments.js';
import { isOwnerOrStaff, orderKeyMatches } from './order-key.js';

const MINUTE_MS = 60_000;

/**
 * "Pay again" or "pay in cash on delivery" for an order whose online payment did not go through
 * (decision 023), by whoever holds the order's link (or its owner, or staff). The order keeps its
 * lines, stock and time to pay; a fresh online checkout starts from `unpaid`. Refused while a
 * payment is in flight, after the money arrived, or once the order is cancelled (its time to pay
 * may have just run out: that cancel is kept).
 */
export async function changePaymentMethod(
  db: Db,
  payments: OrderPayments,
  request: { id: string; key: string | undefined; user: CurrentUser | undefined; method: PaymentMethod },
): Promise<void> {
  const { id, key, user, method } = request;
  payments.requireMethod(method);
  const now = payments.clock.now();
  const refusal = await db.transaction(async (tx): Promise<AppError | null> => {
    const order = await lockOrder(tx, id);
    if (!order || (!orderKeyMatches(key, order.orderKeyHash) && !isOwnerOrStaff(order, user))) {
      throw notFound('ORDER_NOT_FOUND', 'Order not found');
    }
    const number = orderNumber(order.id);
    if ((await expireIfOverdue(tx, order, now)) || order.status === 'cancelled') {
      return conflict('ORDER_CANCELLED', `Order ${number} is cancelled: its time to pay has ended`);
    }
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
      return conflict('ORDER_PAID', `Order ${number} is already paid`);
    }
    if (order.paymentStatus === 'pending') {
      return conflict('PAYMENT_PENDING', 'A payment of this order is under way. Try again in a few minutes.');
    }
    if (isOnlinePaymentMethod(method)) payments.requireReceipt(method, await receiptSourceOf(tx, order));
    const paymentDueAt = isOnlinePaymentMethod(method)
      ? (order.paymentDueAt ?? new Date(now.getTime() + payments.timeoutMinutes * MINUTE_MS))
      : null;
    await changeOrder(tx, order, { name: 'paymentMethodChanged', method, paymentDueAt });
    return null;
  });
  if (refusal) throw refusal;
}
