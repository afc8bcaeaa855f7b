import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const YEAR_SECONDS = 31_536_000;

/** Uploaded images (random names, so cached for good) and the built web app with SPA fallback. */
export default fp(
  async function webPlugin(app: FastifyInstance, options: { uploadsDir: string; webDistDir: string }) {
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

    const indexFile = path.join(options.webDistDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/; the rest may change between builds.
          const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
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
      if (isPage && hasWebApp) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', options.webDistDir);
      }
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
