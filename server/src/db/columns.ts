import { bigint, jsonb, timestamp } from 'drizzle-orm/pg-core';

/** Whole so'm; bigint so that large order totals cannot overflow. */
export const money = (name: string) => bigint(name, { mode: 'number' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** A consent as it is kept with an order, an account or a quote: the text's version, when, from where. */
export interface ConsentRecord {
  version: string;
  at: string;
  address: string;
}

/** The privacy text the person agreed to; null when created by a client that did not ask. */
export const consentColumn = () => jsonb('consent').$type<ConsentRecord>();
