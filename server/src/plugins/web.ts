import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteInfo, StorefrontReader } from '@shop/common';
import { pageLanguage } from '../modules/pages/page-language.js';
import { loadWebBuild, type WebBuild } from '../modules/pages/page-renderer.js';

const YEAR_SECONDS = 31_536_000;

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

/** One storefront page, rendered by the web app's server build (docs/decisions/010-server-rendering.md). */
async function sendPage(build: WebBuild, options: WebOptions, request: FastifyRequest, reply: FastifyReply) {
  const nonce = randomBytes(16).toString('base64');
  const result = await build.render({
    url: request.url,
    language: pageLanguage(request),
    site: options.site,
    reader: options.reader,
    nonce,
  });
  if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
  allowNonce(reply, nonce);
  reply
    .status(result.status)
    .type('text/html; charset=utf-8')
    // The page's language follows these; its data changes with the catalogue.
    .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
    .header('cache-control', 'no-cache');
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
      if (isPage && build) return sendPage(build, options, request, reply);
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
