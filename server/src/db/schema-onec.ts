import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { products } from './schema-catalogue.js';
import { orders } from './schema-orders.js';

/** A picture 1C sent for a product: its path in the exchange, its bytes' SHA-256, where the shop keeps it. */
export interface OnecPicture {
  file: string;
  sha256: string;
  stored: string;
}

/** Why the exchange paused a product itself, so it may show it again (staff pauses are left alone). */
export type OnecHold = 'noOffer' | 'missing';

/**
 * A product of 1C's catalogue (its `Ид`) and the shop's product it is; written by the 1C exchange
 * only, while the product itself is written through the products module.
 */
export const onecProducts = pgTable(
  'onec_products',
  {
    onecId: text('onec_id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    pictures: jsonb('pictures').$type<OnecPicture[]>().notNull().default([]),
    heldBy: text('held_by').$type<OnecHold>(),
    ...timestamps,
  },
  (t) => [index('onec_products_product_idx').on(t.productId)],
);

/**
 * Which version of each order 1C has: `sentVersion` is the order's `updated_at` that 1C confirmed
 * (`mode=success`), `pendingVersion` the one the last `mode=query` gave it.
 */
export const onecSentOrders = pgTable('onec_sent_orders', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentVersion: timestamp('sent_version', { withTimezone: true, mode: 'date' }),
  pendingVersion: timestamp('pending_version', { withTimezone: true, mode: 'date' }),
});

export type OnecProductRow = typeof onecProducts.$inferSelect;
