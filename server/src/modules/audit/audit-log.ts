import type { AuditAction, AuditChanges, AuditEntity, Role } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** The staff member behind a write, as the request's session knows them (`CurrentUser`). */
export interface Actor {
  id: string;
  role: Role;
  fullName: string;
  phoneNumber: string;
}

/** Never written to the log, whatever a caller passes: secrets, and columns that change by themselves. */
const NEVER_LOGGED = new Set([
  'password',
  'passwordHash',
  'updatedAt',
  'createdAt',
  'lastActiveAt',
  'sessionVersion',
  'ratingSum',
  'ratingCount',
]);

const comparable = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : (value ?? null);

/**
 * The fields that differ between two versions of a record, before → after. A created record has
 * no `before`, a deleted one no `after`: then every field is listed.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (NEVER_LOGGED.has(key)) continue;
    const from = comparable(before?.[key]);
    const to = comparable(after?.[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { before: from, after: to };
  }
  return changes;
}

export interface AuditRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Facts that are not a column (a password was set, a refund was confirmed). */
  extra?: AuditChanges;
}

/**
 * Writes one entry in the caller's transaction: the entry and the change commit together or not
 * at all. `actor` null is the shop itself (the first admin made at start-up).
 */
export async function recordAudit(tx: Tx, actor: Actor | null, record: AuditRecord): Promise<void> {
  const changes = { ...changedFields(record.before ?? null, record.after ?? null), ...record.extra };
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorName: actor?.fullName ?? null,
    actorPhone: actor?.phoneNumber ?? null,
    actorRole: actor?.role ?? null,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    changes,
  });
}
