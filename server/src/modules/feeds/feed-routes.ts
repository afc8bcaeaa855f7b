import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@shop/common';
import { matchesEtag } from '../../plugins/public-reads/response-store.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { FeedName } from './feed-formats.js';
import type { FeedService } from './feed-service.js';

const tags = ['feeds'];
// Platforms fetch feeds on their own schedule; a proxy may keep one a minute, then must ask again.
const CACHE = 'public, max-age=60, must-revalidate';

const FEED_ROUTES: {
  name: FeedName;
  path: string;
  operationId: string;
  summary: string;
  produces: string;
}[] = [
  {
    name: 'google',
    path: '/feeds/google.xml',
    operationId: 'getGoogleFeed',
    summary: 'Google Merchant Center product feed (RSS 2.0 with the g: namespace) of the products on sale',
    produces: 'application/rss+xml',
  },
  {
    name: 'yandex',
    path: '/feeds/yandex.yml',
    operationId: 'getYandexFeed',
    summary: 'Yandex YML catalogue (yml_catalog) of the products on sale',
    produces: 'application/xml',
  },
  {
    name: 'meta',
    path: '/feeds/meta.csv',
    operationId: 'getMetaFeed',
    summary: 'Meta commerce catalogue data feed (CSV) of the products on sale',
    produces: 'text/csv',
  },
];

const querySchema = z.object({
  lang: z.enum(LANGUAGES).default('uz').describe('The language of titles and descriptions'),
});

/** The catalogue feeds: streamed, answered 304 while the catalogue is as the client last read it. */
export default async function feedRoutes(app: FastifyInstance, { feeds }: { feeds: FeedService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => feeds.close());

  for (const feed of FEED_ROUTES) {
    routes.get(
      feed.path,
      {
        schema: {
          summary: feed.summary,
          operationId: feed.operationId,
          tags,
          security: SECURITY.public,
          produces: [feed.produces],
          querystring: querySchema,
          response: {
            200: z.any().describe('The feed, streamed'),
            304: z.null().describe('The feed is unchanged since the ETag in If-None-Match'),
            ...errorResponses(400, 503),
          },
        },
      },
      async (request, reply) => {
        const answer = await feeds.answer(feed.name, request.query.lang);
        reply.header('etag', answer.etag).header('cache-control', CACHE).header('vary', 'accept-encoding');
        if (matchesEtag(request, answer.etag)) return reply.code(304).send(null);
        return reply.type(answer.contentType).send(answer.body());
      },
    );
  }
}
