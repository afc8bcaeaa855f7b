import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USER_ADMIN_ROLES, auditPageSchema, auditQuerySchema, errorResponseSchema } from '@shop/common';
import type { AuditService } from './audit-service.js';

export default async function auditRoutes(app: FastifyInstance, { service }: { service: AuditService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/audit',
    {
      schema: {
        summary: 'The audit log: every staff write and sign-in, newest first',
        description:
          'Admins and the CEO only (a manager gets 403). Filters: `actor` (a staff member id), `entity`, ' +
          '`action`, and `startDate`/`endDate` as Tashkent days or full timestamps. Read-only: no route ' +
          'edits or deletes an entry.',
        operationId: 'listAuditEntries',
        tags: ['audit'],
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      onRequest: app.requireRole(USER_ADMIN_ROLES),
    },
    (request) => service.list(request.query),
  );
}
