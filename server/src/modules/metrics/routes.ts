import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowedAddress, type MetricsSettings } from '../../config/metrics-settings.js';
import { notFound } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { ShopMetrics } from './shop-metrics.js';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` for Prometheus. Anyone else is answered as if there were no such page: the
 * figures tell a competitor how the shop sells.
 */
async function metricsRoutes(
  app: FastifyInstance,
  { metrics, settings }: { metrics: ShopMetrics; settings: MetricsSettings },
) {
  const allowed = allowedAddress(settings.allow);
  const mayRead = (request: FastifyRequest) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (settings.token && bearer) return sameSecret(bearer, settings.token);
    return allowed(request.ip);
  };

  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request, reply.statusCode, reply.elapsedTime);
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        summary:
          'What the shop is doing, in the Prometheus text format (METRICS_ALLOW addresses or METRICS_TOKEN)',
        operationId: 'getMetrics',
        tags: ['health'],
        security: SECURITY.optional,
        response: { 200: z.string(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!mayRead(request)) throw notFound('NOT_FOUND', 'Not found');
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(body);
    },
  );
}

/** Not encapsulated: its timing hook sees every route registered after it. */
export default fp(metricsRoutes, { name: 'metrics' });
