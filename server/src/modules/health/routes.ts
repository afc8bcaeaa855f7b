import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});

export default async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const database = app.database.kind;
        try {
          await app.db.execute(sql`select 1`);
          return { status: 'ok' as const, database };
        } catch {
          return reply
            .status(503)
            .send({ status: 'error', database, message: 'The database is unavailable' });
        }
      },
    );
}
