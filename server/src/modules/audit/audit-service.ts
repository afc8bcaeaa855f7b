import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { shopDayEnd, shopDayStart, type AuditEntry, type AuditQuery, type Paged } from '@shop/common';
import type { Db } from '../../db/client.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { auditLog, type AuditRow } from '../../db/schema.js';

function toAuditDto(row: AuditRow): AuditEntry {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actor:
      row.actorId && row.actorRole
        ? {
            _id: row.actorId,
            name: row.actorName ?? '',
            phoneNumber: row.actorPhone ?? '',
            role: row.actorRole,
          }
        : null,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    changes: row.changes,
  };
}

/** Reads the audit log; nothing here writes it (`recordAudit` does, inside each change). */
export class AuditService {
  constructor(private readonly db: Db) {}

  async list(query: AuditQuery): Promise<Paged<AuditEntry>> {
    const conditions: SQL[] = [];
    if (query.actor) conditions.push(eq(auditLog.actorId, query.actor));
    if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
    if (query.action) conditions.push(eq(auditLog.action, query.action));
    if (query.startDate) conditions.push(gte(auditLog.at, shopDayStart(query.startDate)));
    if (query.endDate) conditions.push(lt(auditLog.at, shopDayEnd(query.endDate)));
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return toPage(rows.map(toAuditDto), totals?.total ?? 0, query);
  }
}
