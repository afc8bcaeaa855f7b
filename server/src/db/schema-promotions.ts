import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Category, PromoKind } from '@shop/common';
import { money, timestamps } from './columns.js';
import { orders } from './schema-orders.js';

/** Promo codes (decision 036); `code` is stored in capitals, so the unique index is case-insensitive. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').$type<PromoKind>().notNull(),
    value: money('value').notNull(),
    minTotal: money('min_total').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    categories: text('categories')
      .array()
      .$type<Category[]>()
      .notNull()
      .default(sql`'{}'`),
    productIds: text('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    maxUses: integer('max_uses'),
    maxUsesPerPhone: integer('max_uses_per_phone'),
    active: boolean('active').notNull().default(true),
    /** Orders holding a use now: raised by a conditional update, so it never passes `max_uses`. */
    uses: integer('uses').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(t.code),
    check('promo_codes_uses', sql`${t.uses} >= 0`),
    check('promo_codes_money', sql`${t.value} >= 0 and ${t.minTotal} >= 0`),
  ],
);

/** One row per order that used a code; a cancelled order's row is released (and taken again if revived). */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promoCodeId: text('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    phoneNumber: text('phone_number').notNull(),
    /** So'm the code took off this order. */
    discount: money('discount').notNull(),
    released: boolean('released').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('promo_code_uses_code_idx').on(t.promoCodeId, t.createdAt),
    index('promo_code_uses_phone_idx').on(t.promoCodeId, t.phoneNumber),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
