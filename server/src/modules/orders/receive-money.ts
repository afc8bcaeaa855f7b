import { shopDayStart, type BankTransfer } from '@shop/common';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';
import { changeOrder } from '../order-changes/change-order.js';
import { lockOrder } from '../order-changes/order-lock.js';
import type { MoneyReceived } from '../order-changes/received-payments.js';

/**
 * Staff record money they received for an order: the order's `paid` change, the same as a
 * provider's payment. It refuses the same way for every method (409 for another method, a paid
 * or cancelled order, an amount other than the total), keeps one received payment with who
 * recorded it, and tells the audit log, the staff chat and the customer.
 */
async function receiveMoney(db: Db, orderId: string, money: MoneyReceived, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('ORDER_NOT_FOUND', 'Order not found');
    await changeOrder(tx, order, { name: 'paid', money }, actor);
  });
}

/** Cash taken for a cash order, at the door or in the shop. */
export const receiveCash = (db: Db, orderId: string, amount: number, actor: Actor) =>
  receiveMoney(db, orderId, { method: 'cash', amount, receivedAt: new Date() }, actor);

/** A day alone is read as the start of that Tashkent day. */
const instantOf = (paidAt: string) => (paidAt.length === 10 ? shopDayStart(paidAt) : new Date(paidAt));

/** A company's transfer seen on the shop's account: the day it arrived and the bank's reference. */
export const receiveBankTransfer = (db: Db, orderId: string, transfer: BankTransfer, actor: Actor) =>
  receiveMoney(
    db,
    orderId,
    {
      method: 'bank_transfer',
      amount: transfer.amount,
      receivedAt: instantOf(transfer.paidAt),
      reference: transfer.reference,
    },
    actor,
  );
