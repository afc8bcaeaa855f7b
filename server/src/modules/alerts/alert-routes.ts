import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  USER_ADMIN_ROLES,
  alertIdParamsSchema,
  alertStatusSchema,
  errorResponseSchema,
  messageSchema,
} from '@shop/common';
import type { AlertService } from './alert-service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

export default async function alertRoutes(app: FastifyInstance, { service }: { service: AlertService }) {
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
    () => service.status(),
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
      await service.retry(request.params.id, request.currentUser!);
      return { message: 'The alert will be sent again' };
    },
  );
}
