import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditChanges, AuditEntity, Role } from '@shop/common';
import { consentColumn, timestamps } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    /**
     * Every token carries the version it was signed under; a password or role change (or a reset)
     * raises it, so every session older than the change stops working at once.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** The phone was proven by an SMS code (sign-up or reset); older accounts were never asked. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    consent: consentColumn(),
    /**
     * The TOTP secret (base32) of a staff member's second factor; kept readable because every
     * sign-in computes the codes from it. Set when they start the setup, in force once confirmed.
     */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The last 30-second step whose code signed in: a code seen once is not taken again. */
    totpLastStep: integer('totp_last_step').notNull().default(0),
    /** SHA-256 hashes of the unused recovery codes; one is removed as it signs in. */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_phone_idx').on(t.phoneNumber),
    index('users_role_idx').on(t.role, t.createdAt, t.id),
    index('users_name_search_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
  ],
);

/**
 * Who changed what: one row per staff write and per staff sign-in, written in the write's own
 * transaction. The actor is copied (not a foreign key) so the entry outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    actorPhone: text('actor_phone'),
    actorRole: text('actor_role').$type<Role>(),
    action: text('action').$type<AuditAction>().notNull(),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
