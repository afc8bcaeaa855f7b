import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.js';
import { errorResponses } from '../../plugins/route-docs.js';
import type { OnecExchange } from './onec-exchange.js';

const querySchema = z.object({
  type: z.enum(['catalog', 'sale']),
  mode: z.enum(['checkauth', 'init', 'file', 'import', 'query', 'success']),
  filename: z.string().min(1).max(400).optional(),
});

/**
 * The one address 1C:Enterprise calls for the whole exchange, as its "exchange with a site"
 * settings expect: GET for the steps, POST for files. Off (404) while ONEC_USER is unset.
 */
export default async function onecRoutes(
  app: FastifyInstance,
  { exchange }: { exchange: OnecExchange | undefined },
) {
  // 1C posts files raw with whatever content type it likes: the body reaches the handler as a stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  for (const method of ['GET', 'POST'] as const) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method,
      url: '/1c/exchange',
      schema: {
        summary: '1C:Enterprise exchange over CommerceML 2 (catalogue in, orders out and back)',
        description:
          'Modes as 1C calls them (docs/decisions/039): type=catalog checkauth, init, file (raw body: import.xml, ' +
          'offers.xml, pictures; parts appended), import (progress until success or failure); type=sale ' +
          'checkauth, init, query (the orders as XML), success, file (status changes back). Answers are plain ' +
          'text lines (`success`, `progress`, `failure\\n<reason>`). HTTP Basic with ONEC_USER and ONEC_PASSWORD, ' +
          'or the cookie checkauth answered. 404 while ONEC_USER is unset.',
        operationId: method === 'GET' ? 'onecExchange' : 'onecExchangeFile',
        tags: ['1c'],
        security: [{ onecBasic: [] }],
        querystring: querySchema,
        produces: ['text/plain', 'application/xml'],
        response: {
          200: z.string().describe('success, progress, failure lines, or the orders XML'),
          ...errorResponses(400, 401, 404, 413),
        },
      },
      // Off, it answers as an unknown address; on, who calls is checked before what they sent.
      onRequest: async (request) => {
        if (!exchange) throw new AppError(404, 'NOT_FOUND', 'Route not found');
        exchange.auth.check(request, (request.query as { mode?: unknown }).mode === 'checkauth');
      },
      handler: async (request, reply) => {
        const { type, mode, filename } = request.query;
        const answer = await exchange!.handle({
          type,
          mode,
          filename,
          body: method === 'POST' ? (request.body as Readable | undefined) : undefined,
        });
        return reply
          .header('content-type', answer.xml ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(answer.body);
      },
    });
  }
}
