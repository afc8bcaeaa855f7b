import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY } from '../../plugins/route-docs.js';
import type { HealthService } from './health-service.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});

const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unavailable', 'migrations_pending']),
  redis: z.enum(['ok', 'unavailable', 'not_configured']),
});

export default async function healthRoutes(app: FastifyInstance, { service }: { service: HealthService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health/ready',
    {
      schema: {
        summary: 'Whether this process may take traffic: its database answers, migrated, and Redis when set',
        operationId: 'getReadiness',
        tags: ['health'],
        security: SECURITY.public,
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const answer = await service.ready();
      return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        operationId: 'getHealth',
        tags: ['health'],
        security: SECURITY.public,
        // 503 when the database does not answer; nothing the caller sends can be wrong.
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const answer = await service.check();
      return answer.status === 'ok' ? answer : reply.status(503).send(answer);
    },
  );
}
