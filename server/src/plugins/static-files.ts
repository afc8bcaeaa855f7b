import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const YEAR_SECONDS = 31_536_000;

interface StaticFilesOptions {
  uploadsDir: string;
  /** The web build's browser files; undefined while the web app is not built. */
  webClientDir: string | undefined;
}

/** Uploaded images (random names, so cached for good) and the web app's browser files. */
export default fp(
  async function staticFiles(app: FastifyInstance, options: StaticFilesOptions) {
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
    if (!options.webClientDir) return;
    await app.register(fastifyStatic, {
      root: options.webClientDir,
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
  },
  { name: 'static-files' },
);
