import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OnlinePaymentMethod, PaymentMethod } from '@shop/common';

/**
 * One provider transaction (a Payme transaction, a Click prepare/complete pair). Its `state` uses
 * Payme's numbers for both providers: 1 created/prepared, 2 performed/completed, -1 cancelled
 * before payment, -2 cancelled after payment (refunded). No foreign key to the order: the ledger
 * of money that moved outlives an order's deletion.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    /** The shop's own transaction number: Payme's `transaction`, Click's prepare and confirm ids. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').$type<OnlinePaymentMethod>().notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    orderId: text('order_id').notNull(),
    /** Tiyin (so'm × 100) for both providers. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: integer('state').notNull(),
    /** Payme's own creation time in ms (its statement is asked by this time); null for Click. */
    providerTime: bigint('provider_time', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    performedAt: timestamp('performed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    reason: integer('reason'),
  },
  (t) => [
    uniqueIndex('payment_transactions_provider_id_idx').on(t.provider, t.providerTransactionId),
    index('payment_transactions_order_idx').on(t.orderId, t.state),
    index('payment_transactions_statement_idx').on(t.provider, t.providerTime),
    check('payment_transactions_state_known', sql`${t.state} in (1, 2, -1, -2)`),
    check('payment_transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Money the shop received for an order: one row per receipt, the same shape whatever the method.
 * Staff record cash and bank transfers (who, and the bank's reference); a provider's payment names
 * its transaction. Written only by the order-change module, with the order's `paid` change. No
 * foreign keys: the record of money outlives the order and the staff account (the name is kept).
 */
export const receivedPayments = pgTable(
  'received_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** Whole so'm. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** When the money arrived: cash taken, the day a transfer reached the account, a provider's perform. */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the shop wrote it down. */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The staff member who took or recorded it; none for a provider. */
    recordedById: text('recorded_by_id'),
    recordedByName: text('recorded_by_name'),
    /** A bank transfer's payment reference. */
    reference: text('reference'),
    /** A provider's payment: its `payment_transactions` row. */
    transactionId: integer('transaction_id'),
  },
  (t) => [
    index('received_payments_order_idx').on(t.orderId, t.id),
    uniqueIndex('received_payments_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    check('received_payments_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;
export type ReceivedPaymentRow = typeof receivedPayments.$inferSelect;
