import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language, QuoteStatus } from '@shop/common';
import { consentColumn } from './columns.js';

/**
 * The last invoice number given in each year. Taken with one upsert in the order's transaction, so
 * the row stays locked until the order commits: two orders cannot take one number, and a rolled
 * back order gives its number back (no gaps).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** One line of a price request; `price` is the shop's unit price once it answered. */
export interface QuoteItem {
  productId: string;
  color: string;
  quantity: number;
  price: number | null;
  /** The variant asked for, with its SKU and name as they read when asked. */
  variant?: { _id: string; sku: string; label: { uz: string; ru: string; en: string } };
}

/** A bulk price request (decision 024): asked by a buyer, answered by staff, accepted into an order. */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    contactName: text('contact_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    company: text('company'),
    items: jsonb('items').$type<QuoteItem[]>().notNull(),
    note: text('note').notNull().default(''),
    status: text('status').$type<QuoteStatus>().notNull().default('requested'),
    replyNote: text('reply_note').notNull().default(''),
    /** A Tashkent day: the last one the prices hold. */
    validUntil: date('valid_until', { mode: 'string' }),
    orderId: text('order_id'),
    language: text('language').$type<Language>(),
    consent: consentColumn(),
    /** The address the request came from: requests per address an hour. */
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_created_idx').on(t.createdAt, t.id),
    index('quotes_status_idx').on(t.status, t.createdAt, t.id),
    index('quotes_address_idx').on(t.clientAddress, t.createdAt),
    index('quotes_phone_idx').on(t.phoneNumber, t.createdAt),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;
