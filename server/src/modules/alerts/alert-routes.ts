import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  USER_ADMIN_ROLES,
  alertIdParamsSchema,
  alertStatusSchema,
  errorResponseSchema,
  messageSchema,
  type AlertStatus,
} from '@shop/common';
import type { Db } from '../../db/client.js';
import { staffAlerts } from '../../db/schema.js';
import { notFound } from '../../plugins/errors.js';
import { recordAudit } from '../audit/audit-log.js';
import type { AlertWorker } from './alert-worker.js';

/** The dead letters shown on the status screen, newest first. */
const DEAD_SHOWN = 50;

async function alertStatus(db: Db, worker: AlertWorker): Promise<AlertStatus> {
  const [counts, dead] = await Promise.all([
    db.select({ state: staffAlerts.state, total: count() }).from(staffAlerts).groupBy(staffAlerts.state),
    db
      .select()
      .from(staffAlerts)
      .where(eq(staffAlerts.state, 'dead'))
      .orderBy(desc(staffAlerts.id))
      .limit(DEAD_SHOWN),
  ]);
  const countOf = (state: string) => counts.find((row) => row.state === state)?.total ?? 0;
  return {
    telegram: worker.state,
    problem: worker.problem,
    problemAt: worker.problemAt?.toISOString() ?? null,
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

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

export default async function alertRoutes(
  app: FastifyInstance,
  { db, worker }: { db: Db; worker: AlertWorker },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminsOnly = app.requireRole(USER_ADMIN_ROLES);

  routes.get(
    '/alerts/status',
    {
      schema: {
        summary: "The staff alerts' state: Telegram's answer, the outbox's counts, the dead letters",
        description:
          '`telegram`: `off` (TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID not both set), `ok`, `failing` (retrying ' +
          'with backoff), `refused` (Telegram refused the token or chat id: fix it and restart; alerts wait).',
        operationId: 'getAlertStatus',
        tags: ['alerts'],
        security: [{ bearer: [] }],
        response: { 200: alertStatusSchema, ...errors },
      },
      onRequest: adminsOnly,
    },
    () => alertStatus(db, worker),
  );

  routes.post(
    '/alerts/:id/retry',
    {
      schema: {
        summary: 'Sends a dead alert again',
        description: 'Puts a dead letter back in the outbox; the worker sends it on its next pass.',
        operationId: 'retryAlert',
        tags: ['alerts'],
        security: [{ bearer: [] }],
        params: alertIdParamsSchema,
        response: { 200: messageSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...errors },
      },
      onRequest: adminsOnly,
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(staffAlerts)
          // A fresh day before it is given up again.
          .set({ state: 'pending', nextAttemptAt: new Date(), createdAt: new Date() })
          .where(and(eq(staffAlerts.id, Number(request.params.id)), eq(staffAlerts.state, 'dead')))
          .returning({ id: staffAlerts.id });
        if (!row) throw notFound('NOT_FOUND', 'No dead alert with this id');
        await recordAudit(tx, request.currentUser!, {
          action: 'update',
          entity: 'alert',
          entityId: request.params.id,
          before: { state: 'dead' },
          after: { state: 'pending' },
        });
      });
      return { message: 'The alert will be sent again' };
    },
  );
}
