import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where an Uzum Nasiya contract stands on the shop's side. `awaiting_code`: created, Uzum sent the
 * buyer an SMS code; `code_checked`: the buyer's code was right, the confirm call is due (the
 * sweep finishes it if the request died); `confirmed`: Uzum activated it; `cancelled`: Uzum
 * cancelled it, or the shop did.
 */
export const INSTALMENT_CONTRACT_STATES = [
  'awaiting_code',
  'code_checked',
  'confirmed',
  'cancelled',
] as const;
export type InstalmentContractState = (typeof INSTALMENT_CONTRACT_STATES)[number];

/**
 * One Uzum Nasiya contract. Its money state is its `payment_transactions` row (provider
 * `uzum_nasiya`, id = the contract number), moved by the payment ledger like Payme's and Click's;
 * this row keeps what only Uzum needs: the id its cancel takes, and how far signing got.
 */
export const instalmentContracts = pgTable(
  'instalment_contracts',
  {
    /** Uzum's `contract_id`: confirm and check-status take it. */
    contractId: text('contract_id').primaryKey(),
    /** Uzum's `order` of the same contract: its cancel takes this one. */
    uzumOrderId: text('uzum_order_id').notNull(),
    orderId: text('order_id').notNull(),
    transactionId: integer('transaction_id').notNull(),
    phone: text('phone').notNull(),
    months: integer('months').notNull(),
    monthly: bigint('monthly', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    state: text('state').$type<InstalmentContractState>().notNull(),
    /** Codes sent to Uzum for this contract; taken before asking, so racing guesses count in turn. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('instalment_contracts_order_idx').on(t.orderId, t.createdAt),
    // The sweep's question: which contracts still need a word with Uzum.
    index('instalment_contracts_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} <> 'cancelled'`),
  ],
);
export type InstalmentContractRow = typeof instalmentContracts.$inferSelect;
