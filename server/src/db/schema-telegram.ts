import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language, OrderNewsEvent, StaffAlertState } from '@shop/common';
import { users } from './schema-users.js';

/**
 * A Telegram account tied to a shop account by the phone the shopper shared with the bot (a
 * contact Telegram itself vouches for). One row per Telegram account and per shop account.
 * `chat_id` is the private chat with the bot, where order news go while `news` is on.
 */
export const telegramLinks = pgTable('telegram_links', {
  telegramUserId: bigint('telegram_user_id', { mode: 'number' }).primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique('telegram_links_user_idx')
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull(),
  language: text('language').$type<Language>().notNull().default('uz'),
  news: boolean('news').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** What a news message says, taken when the event happened. */
export interface OrderNewsPayload {
  orderNumber: string;
  total: number;
}

/**
 * Order news waiting to leave for customers' chats (the staff alerts' sibling): written in the
 * transaction of the change, only for a linked customer with news on, in the language the link
 * had then; sent once by one worker.
 */
export const orderNews = pgTable(
  'order_news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    orderId: text('order_id').notNull(),
    event: text('event').$type<OrderNewsEvent>().notNull(),
    language: text('language').$type<Language>().notNull(),
    payload: jsonb('payload').$type<OrderNewsPayload>().notNull(),
    state: text('state').$type<StaffAlertState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('order_news_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} = 'pending'`),
  ],
);

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;
export type OrderNewsRow = typeof orderNews.$inferSelect;
