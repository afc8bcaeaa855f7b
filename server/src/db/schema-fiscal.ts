import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OnlinePaymentMethod, StaffAlertState } from '@shop/common';

/**
 * Fiscal receipts the providers registered for an order (decision 023): Payme's SetFiscalData
 * (a payment's and a refund's), Click's ofd_data. One row per provider receipt and kind, so a
 * repeated call replaces, never adds.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').$type<OnlinePaymentMethod>().notNull(),
    /** Payme's receipt id (SetFiscalData `id`), Click's payment id. */
    providerId: text('provider_id').notNull(),
    kind: text('kind').$type<'PERFORM' | 'CANCEL'>().notNull(),
    orderId: text('order_id'),
    url: text('url'),
    /** What the provider sent, as sent. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_receipts_provider_idx').on(t.provider, t.providerId, t.kind),
    index('fiscal_receipts_order_idx').on(t.orderId),
  ],
);

/**
 * Click receipts waiting to reach Click's fiscalization API (the outbox): one row per completed
 * payment (unique), written in the transaction that records the payment, sent by one worker.
 * `submitted` once Click took the items; `sent` once its receipt link is stored.
 */
export const clickFiscalOutbox = pgTable(
  'click_fiscal_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id').notNull(),
    orderId: text('order_id').notNull(),
    /** Click's payment id (`click_paydoc_id`), which its fiscalization API names the payment by. */
    paymentId: text('payment_id').notNull(),
    /**
     * `receipt`: the `submit_items` body, built when the payment was recorded. `reversal`: Click
     * charged the card for a payment the shop could not take (the order cancelled, expired or paid
     * by another): the money goes back through `DELETE payment/reversal`, payload empty.
     */
    kind: text('kind').$type<'receipt' | 'reversal'>().notNull().default('receipt'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<StaffAlertState | 'submitted'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('click_fiscal_outbox_transaction_idx').on(t.transactionId),
    index('click_fiscal_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} in ('pending', 'submitted')`),
  ],
);

/** Keys a provider changed (Payme's ChangePassword): read on every call, so every process agrees at once. */
export const providerKeys = pgTable('provider_keys', {
  provider: text('provider').$type<OnlinePaymentMethod>().primaryKey(),
  secretKey: text('secret_key').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type FiscalReceiptRow = typeof fiscalReceipts.$inferSelect;
export type ClickFiscalRow = typeof clickFiscalOutbox.$inferSelect;
