import { timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowedAddress } from '../../config/metrics-settings.js';
import { notFound } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import { backupKey, writeArchive } from '../../ops/backup-archive.js';

const loopback = allowedAddress(['127.0.0.1/8', '::1']);

/**
 * The embedded database is this process's alone, so `npm run backup` asks the running shop for
 * the archive: from this machine, with the key. To anyone else the page does not exist.
 */
export default async function backupRoutes(
  app: FastifyInstance,
  { jwtSecret, uploadsDir }: { jwtSecret: string; uploadsDir: string },
) {
  const key = Buffer.from(backupKey(jwtSecret));
  const mayBackUp = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers['x-backup-key'] ?? ''));
    return (
      loopback(request.socket.remoteAddress ?? '') &&
      given.length === key.length &&
      timingSafeEqual(given, key)
    );
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/backup',
    {
      schema: {
        summary: 'The shop as one backup archive (npm run backup, from this machine with its key)',
        operationId: 'getBackup',
        tags: ['health'],
        security: SECURITY.public,
        headers: z.object({ 'x-backup-key': z.string().optional() }),
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!mayBackUp(request)) throw notFound('NOT_FOUND', 'Not found');
      const gzip = createGzip();
      const body = new PassThrough();
      gzip.pipe(body);
      // A reader gone away (the command killed) ends the snapshot, so its transaction never waits for ever.
      body.once('close', () => gzip.destroy());
      writeArchive(app.db, uploadsDir, gzip).then(
        () => gzip.end(),
        (error: unknown) => {
          request.log.warn({ err: error }, 'Backup stopped half-way');
          body.destroy(error as Error);
        },
      );
      return reply.type('application/gzip').header('cache-control', 'no-store').send(body);
    },
  );
}
