import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@shop/common';
import { notFound } from '../../plugins/errors.js';
import { robotsTxt, type Sitemap } from './sitemap.js';

const tags = ['pages'];
// Crawlers read these often and they change with the catalogue: a short shared cache.
const CACHE = 'public, max-age=300';

/** /sitemap.xml (or its index and files) and /robots.txt for search engines (decision 010). */
export default async function seoRoutes(
  app: FastifyInstance,
  { sitemap, publicUrl }: { sitemap: Sitemap; publicUrl: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/sitemap.xml',
    {
      schema: {
        summary: 'Sitemap of the storefront: its pages and every product on sale (an index past 50 000 URLs)',
        operationId: 'getSitemap',
        tags,
        security: [],
        produces: ['application/xml'],
        response: { 200: z.string(), 500: errorResponseSchema, 503: errorResponseSchema },
      },
      config: { publicRead: true },
    },
    async (_request, reply) => {
      const files = await sitemap.fileCount();
      const body = files === 1 ? await sitemap.file(1) : sitemap.index(files);
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body);
    },
  );

  routes.get(
    '/sitemap-:n.xml',
    {
      schema: {
        summary: 'One file of a sitemap that is an index',
        operationId: 'getSitemapFile',
        tags,
        security: [],
        produces: ['application/xml'],
        params: z.object({ n: z.coerce.number().int().min(1).max(100_000) }),
        response: {
          200: z.string(),
          400: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      config: { publicRead: true },
    },
    async (request, reply) => {
      if (request.params.n > (await sitemap.fileCount())) throw notFound('NOT_FOUND', 'No such sitemap file');
      const body = await sitemap.file(request.params.n);
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body);
    },
  );

  routes.get(
    '/robots.txt',
    {
      schema: {
        summary: 'Rules for crawlers, naming the sitemap',
        operationId: 'getRobots',
        tags,
        security: [],
        produces: ['text/plain'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(publicUrl)),
  );
}
