import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_ROLES, dashboardQuerySchema, dashboardStatsSchema } from '@shop/common';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { DashboardService } from './dashboard-service.js';

export default async function dashboardRoutes(
  app: FastifyInstance,
  { service }: { service: DashboardService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Shop figures for the staff dashboard',
        description:
          'totalProducts counts products on sale (active, not deleted): the same set as GET /api/products?status=active&isDeleted=false for staff.',
        operationId: 'getDashboardStats',
        security: SECURITY.bearer,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardStatsSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: app.requireRole(STAFF_ROLES),
    },
    (request) => service.stats(request.query),
  );
}
