import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  PhoneCodePurpose,
  SmsPurpose,
  StaffAlertKind,
  StaffAlertPayload,
  StaffAlertState,
} from '@shop/common';

/**
 * Staff alerts waiting to leave (the outbox): written in the transaction of the change they tell
 * of, sent by one worker, kept after sending. `payload` is what the message says, taken when the
 * event happened (the order may change or go later). See docs/decisions/013-outbox-export-audit.md.
 */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<StaffAlertKind>().notNull(),
    orderId: text('order_id').notNull(),
    payload: jsonb('payload').$type<StaffAlertPayload>().notNull(),
    state: text('state').$type<StaffAlertState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The worker's question, "what is due", from a small index of the rows still to send.
    index('staff_alerts_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('staff_alerts_state_idx').on(t.state, t.id),
  ],
);

/**
 * One-time SMS codes, kept as an HMAC (never the digits): single use, void after 5 wrong tries.
 * An `orders` code stays usable 30 minutes from `checked_at`, its first good check.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<PhoneCodePurpose>().notNull(),
    hash: text('hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.purpose, t.id)],
);

/**
 * Text messages waiting to leave (the SMS outbox, the staff alerts' sibling): written with the code
 * they carry, sent once by one worker. The text is blanked once sent or given up, so a code's digits
 * do not outlive their use.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    state: text('state').$type<StaffAlertState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A code is worth nothing after it expires: a message still unsent then is given up. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    /** Which moderated text it is (null on messages queued before texts were fixed). */
    purpose: text('purpose').$type<SmsPurpose>(),
    /** Eskiz's id of the message, which its delivery report names. */
    providerId: text('provider_id'),
    /** What the phone's network said: delivered, or failed after it was sent. */
    delivery: text('delivery').$type<'delivered' | 'failed'>(),
    /** Why it failed, in the provider's words or ours (refused text, balance, bad number, expired). */
    reason: text('reason'),
    /** The reason's kind, counted by /metrics. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('sms_outbox_phone_idx').on(t.phone, t.purpose, t.id),
    // Eskiz's delivery report names the message by its id.
    index('sms_outbox_provider_id_idx').on(t.providerId),
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} = 'pending'`),
  ],
);

export type StaffAlertRow = typeof staffAlerts.$inferSelect;
export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
