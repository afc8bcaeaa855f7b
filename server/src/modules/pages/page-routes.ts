import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canonicalPageUrl, type SiteInfo, type StorefrontReader } from '@shop/common';
import {
  ResponseStore,
  etagOf,
  sendStored,
  type StoredResponse,
} from '../../plugins/public-reads/response-store.js';
import { pageLanguage } from './page-language.js';
import type { WebBuild } from './page-renderer.js';

/**
 * The web app's pages (its route table, web/src/app/routes.tsx): each path is a route here, and
 * the web app's server build renders it. `/admin` and below is the back office's shell. A product
 * or category id is a wildcard, not a `:id` parameter: the app judges the id (a malformed one gets
 * its not-found page), where the router would answer a 201-character one with the API's JSON 414.
 */
export const PAGE_PATHS = [
  '/',
  '/products',
  '/product/*',
  '/cart',
  '/saved',
  '/portfolio',
  '/login',
  '/signup',
  '/reset-password',
  '/privacy',
  '/order-confirmation',
  '/quote/*',
  '/category/*',
  '/admin',
  '/admin/*',
];

/**
 * A cached page is re-rendered at least this often: the sale countdown's first paint (before the
 * scripts run) uses the render time, so it is never more than this behind.
 */
const PAGE_MAX_KEEP_MS = 60_000;
const HTML = 'text/html; charset=utf-8';
/** The page's language follows these; its data changes with the catalogue. */
const PAGE_VARY = 'Accept-Language, Cookie, Accept-Encoding';
/**
 * Asked again every time (a 304 when unchanged): a page opened again right after a change a
 * shopper can see (staff hid a review, a price changed) must show it, and the app trusts the data
 * the page hands over instead of fetching it again.
 */
const PAGE_CACHING = { vary: PAGE_VARY, cacheControl: 'no-cache' };
const NOT_BUILT = 'The web app is not built yet: run `npm run build`, then reload.';

interface PageOptions {
  /** The web app's server build; null while it is not built. */
  build: WebBuild | null;
  site: SiteInfo;
  reader: StorefrontReader;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
/** App routes never end in an extension: such a path is a missing file, never a page. */
const isFilePath = (path: string) => /\.[a-z0-9]+$/i.test(path);

/**
 * One storefront page, rendered by the web app's server build (docs/decisions/010-server-rendering.md).
 * A page is the same for every shopper of a language (the session lives in the browser), so a
 * rendered 200 is kept per (path and the parameters it reads, `PAGE_QUERY_PARAMS`; language) under the public reads' change token, compressed once
 * per encoding: any write a shopper can see, or a discount starting or ending, makes the next
 * request render afresh. It carries an ETag like every public read (a browser asks each time and
 * gets a 304 while it is current); a 404 or a redirect is sent as it is and not kept.
 */
async function sendPage(
  build: WebBuild,
  { site, reader }: PageOptions,
  pages: ResponseStore,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const language = pageLanguage(request);
  // Kept and rendered by the page's own parameters only: an unknown one cannot force a render.
  const [path = '/', query = ''] = request.url.split('?');
  const url = canonicalPageUrl(path, new URLSearchParams(query));
  const key = `${language} ${url}`;
  const freshness = await request.server.publicReads.freshness();
  const cached = freshness && pages.get(key, freshness.token, Date.now());
  if (cached) return sendStored(request, reply.header('x-page-cache', 'hit'), cached, PAGE_CACHING);

  const result = await build.render({ url, language, site, reader });
  if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
  reply.header('x-page-cache', 'miss');
  if (result.status !== 200) {
    return reply
      .status(result.status)
      .type(HTML)
      .header('vary', PAGE_VARY)
      .header('cache-control', 'no-cache')
      .send(result.html);
  }
  const body = Buffer.from(result.html);
  const entry: StoredResponse = {
    token: freshness ? freshness.token : '',
    freshUntil: freshness ? Math.min(freshness.freshUntil, Date.now() + PAGE_MAX_KEEP_MS) : 0,
    etag: etagOf(body),
    contentType: HTML,
    body,
    encoded: {},
  };
  if (freshness) pages.set(key, entry);
  return sendStored(request, reply, entry, PAGE_CACHING);
}

/**
 * The storefront's pages as declared GET (and HEAD) routes, and the answer to every path no route
 * declares: a page-like GET is still the web app's to answer (its not-found page, 404 and noindex,
 * or the page a spelling its router accepts names: `/Cart`, `/products/`); anything else (an API
 * path, an upload, a file) gets the shop's JSON 404.
 */
export default fp(
  async function pageRoutes(app: FastifyInstance, options: PageOptions) {
    // Pages, least recently used dropped first; dropped as a whole on every change.
    const pages = new ResponseStore(2000, 32 * 1024 * 1024);
    app.publicReads.onChange(() => pages.clear());
    const { build } = options;
    const answer = (request: FastifyRequest, reply: FastifyReply) =>
      build ? sendPage(build, options, pages, request, reply) : reply.type('text/plain').send(NOT_BUILT);

    for (const url of PAGE_PATHS) {
      // Pages are HTML for browsers, not part of the API the OpenAPI document describes. A page
      // compresses itself (a kept one once per encoding); a 404 or a redirect is sent as rendered.
      app.get(url, { schema: { hide: true }, compress: false }, (request, reply) =>
        // `/product/x.php` is a missing file (a browser would otherwise run HTML as a stale script).
        isFilePath(pathOf(request)) ? reply.callNotFound() : answer(request, reply),
      );
    }

    app.setNotFoundHandler((request, reply) => {
      const path = pathOf(request);
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isFilePath(path) &&
        !path.startsWith('/api/') &&
        !path.startsWith('/uploads/');
      if (isPage) return answer(request, reply);
      return reply.status(404).send({ message: `No route ${request.method} ${path}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'pages', dependencies: ['public-reads'] },
);
