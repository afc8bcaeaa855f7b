import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY } from '../../plugins/route-docs.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});

export default async function healthRoutes(app: FastifyInstance) {
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
      const database = app.database.kind;
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database };
      } catch {
        return reply.status(503).send({ status: 'error', database, message: 'The database is unavailable' });
      }
    },
  );
}
