import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteInfo, StorefrontReader } from '@shop/common';
import { pageLanguage } from '../modules/pages/page-language.js';
import { loadWebBuild, type WebBuild } from '../modules/pages/page-renderer.js';
import { ResponseStore } from './public-reads/response-store.js';

const YEAR_SECONDS = 31_536_000;
/**
 * A cached page is re-rendered at least this often: the sale countdown's first paint (before the
 * scripts run) uses the render time, so it is never more than this behind.
 */
const PAGE_MAX_KEEP_MS = 60_000;
/**
 * Cached pages are rendered with this in place of the nonce, and each response gets a fresh
 * nonce in its place: a nonce served twice would let a script injected into one response run.
 * Random per process, so no page text can predict it.
 */
const NONCE_SLOT = randomBytes(18).toString('hex');

interface WebOptions {
  uploadsDir: string;
  webDistDir: string;
  site: SiteInfo;
  reader: StorefrontReader;
}

/** Allows React's inline scripts of this one response by their nonce; all else stays 'self'. */
function allowNonce(reply: FastifyReply, nonce: string) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`),
    );
  }
}

/** Brotli or gzip as the browser accepts, flushed as React streams. */
function compressed(request: FastifyRequest, reply: FastifyReply, body: Readable): Readable {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return body.pipe(
      createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      }),
    );
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return body.pipe(createGzip({ flush: constants.Z_SYNC_FLUSH }));
  }
  return body;
}

/** The page as this response sends it: a fresh nonce in its headers and in React's scripts. */
function sendRendered(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  const nonce = randomBytes(16).toString('base64');
  allowNonce(reply, nonce);
  pageHeaders(reply.status(status));
  if (request.method === 'HEAD') return reply.send();
  const body = Buffer.from(html.replaceAll(`nonce="${NONCE_SLOT}"`, `nonce="${nonce}"`));
  return reply.send(compressed(request, reply, Readable.from([body])));
}

const pageHeaders = (reply: FastifyReply) =>
  reply
    .type('text/html; charset=utf-8')
    // The page's language follows these; its data changes with the catalogue.
    .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
    // No ETag/304: a 304 would update the stored CSP header to a nonce the stored page lacks.
    .header('cache-control', 'no-cache');

/**
 * One storefront page, rendered by the web app's server build (docs/decisions/010-server-rendering.md).
 * A page is the same for every shopper of a language (the session lives in the browser), so a
 * rendered 200 is kept per (URL, language) under the public reads' change token: any write a
 * shopper can see, or a discount starting or ending, makes the next request render afresh.
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
  if (freshness) {
    const cached = pages.get(key, freshness.token, Date.now());
    if (cached) {
      reply.header('x-page-cache', 'hit');
      return sendRendered(request, reply, 200, cached.body.toString());
    }
  }
  const render = (nonce: string) =>
    build.render({ url: request.url, language, site: options.site, reader: options.reader, nonce });

  if (freshness) {
    // Whole, not streamed: the loaders have run before React starts, so the wait is the render.
    const result = await render(NONCE_SLOT);
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    const html = await new Response(result.body).text();
    if (result.status === 200) {
      pages.set(key, {
        token: freshness.token,
        freshUntil: Math.min(freshness.freshUntil, Date.now() + PAGE_MAX_KEEP_MS),
        etag: '',
        contentType: 'text/html; charset=utf-8',
        body: Buffer.from(html),
        encoded: {},
      });
    }
    reply.header('x-page-cache', 'miss');
    return sendRendered(request, reply, result.status, html);
  }

  const nonce = randomBytes(16).toString('base64');
  const result = await render(nonce);
  if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
  allowNonce(reply, nonce);
  pageHeaders(reply.status(result.status));
  if (request.method === 'HEAD') {
    await result.body.cancel();
    return reply.send();
  }
  return reply.send(compressed(request, reply, Readable.fromWeb(result.body as never)));
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
