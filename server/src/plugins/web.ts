import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteInfo, StorefrontReader } from '@shop/common';
import { pageLanguage } from '../modules/pages/page-language.js';
import { loadWebBuild, type WebBuild } from '../modules/pages/page-renderer.js';
import { ResponseStore, etagOf, sendStored, type StoredResponse } from './public-reads/response-store.js';

const YEAR_SECONDS = 31_536_000;
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

interface WebOptions {
  uploadsDir: string;
  webDistDir: string;
  site: SiteInfo;
  reader: StorefrontReader;
}

/**
 * One storefront page, rendered by the web app's server build (docs/decisions/010-server-rendering.md).
 * A page is the same for every shopper of a language (the session lives in the browser), so a
 * rendered 200 is kept per (URL, language) under the public reads' change token, compressed once
 * per encoding: any write a shopper can see, or a discount starting or ending, makes the next
 * request render afresh. It carries an ETag like every public read (a browser asks each time and
 * gets a 304 while it is current); a 404 or a redirect is sent as it is and not kept.
 */
async function sendPage(
  build: WebBuild,
  options: WebOptions,
  pages: ResponseStore,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const language = pageLanguage(request);
  const key = `${language} ${request.url}`;
  const freshness = await request.server.publicReads.freshness();
  const cached = freshness && pages.get(key, freshness.token, Date.now());
  if (cached) return sendStored(request, reply.header('x-page-cache', 'hit'), cached, PAGE_CACHING);

  const result = await build.render({
    url: request.url,
    language,
    site: options.site,
    reader: options.reader,
  });
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

/** Uploaded images (random names, so cached for good), the web app's files, and its pages. */
export default fp(
  async function webPlugin(app: FastifyInstance, options: WebOptions) {
    await app.register(fastifyStatic, {
      root: options.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      wildcard: true,
      index: false,
      cacheControl: true,
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
    });

    const build = await loadWebBuild(options.webDistDir);
    // Pages, least recently used dropped first; dropped as a whole on every change.
    const pages = new ResponseStore(2000, 32 * 1024 * 1024);
    app.publicReads.onChange(() => pages.clear());
    if (build) {
      await app.register(fastifyStatic, {
        root: build.clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/; the rest may change between builds.
          const fingerprinted = /[\\/]assets[\\/]/.test(filePath);
          reply.header(
            'cache-control',
            fingerprinted ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      // A missing file (`/assets/old-build.js`, `/favicon.ico`) is a 404, not the app's page: a
      // browser would otherwise run HTML as a stale script. App routes never end in an extension.
      const isFile = /\.[a-z0-9]+$/i.test(url);
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isFile &&
        !url.startsWith('/api/') &&
        !url.startsWith('/uploads/');
      if (isPage && build) return sendPage(build, options, pages, request, reply);
      if (isPage) {
        return reply
          .type('text/plain')
          .send('The web app is not built yet: run `npm run build`, then reload.');
      }
      return reply.status(404).send({ message: `No route ${request.method} ${url}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'web' },
);
