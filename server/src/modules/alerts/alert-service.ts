import { and, count, desc, eq } from 'drizzle-orm';
import type { AlertStatus } from '@shop/common';
import type { Db } from '../../db/client.js';
import { staffAlerts } from '../../db/schema.js';
import { notFound } from '../../plugins/errors.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import type { AlertWorker } from './alert-worker.js';

/** The dead letters shown on the status screen, newest first. */
const DEAD_SHOWN = 50;

/** What admins see of the staff alerts and do with them: the status screen, and sending a dead one again. */
export class AlertService {
  constructor(
    private readonly db: Db,
    private readonly worker: AlertWorker,
  ) {}

  async status(): Promise<AlertStatus> {
    const [counts, dead] = await Promise.all([
      this.db
        .select({ state: staffAlerts.state, total: count() })
        .from(staffAlerts)
        .groupBy(staffAlerts.state),
      this.db
        .select()
        .from(staffAlerts)
        .where(eq(staffAlerts.state, 'dead'))
        .orderBy(desc(staffAlerts.id))
        .limit(DEAD_SHOWN),
    ]);
    const countOf = (state: string) => counts.find((row) => row.state === state)?.total ?? 0;
    return {
      telegram: this.worker.state,
      problem: this.worker.problem,
      problemAt: this.worker.problemAt?.toISOString() ?? null,
      counts: { pending: countOf('pending'), sent: countOf('sent'), dead: countOf('dead') },
      dead: dead.map((row) => ({
        _id: String(row.id),
        kind: row.kind,
        orderId: row.orderId,
        orderNumber: row.payload.orderNumber,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  /** Puts a dead letter back in the outbox (404 when there is no dead alert with this id). */
  async retry(id: string, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffAlerts)
        // A fresh day before it is given up again.
        .set({ state: 'pending', nextAttemptAt: new Date(), createdAt: new Date() })
        .where(and(eq(staffAlerts.id, Number(id)), eq(staffAlerts.state, 'dead')))
        .returning({ id: staffAlerts.id });
      if (!row) throw notFound('NOT_FOUND', 'No dead alert with this id');
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'alert',
        entityId: id,
        before: { state: 'dead' },
        after: { state: 'pending' },
      });
    });
  }
}
