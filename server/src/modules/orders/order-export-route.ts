import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_ROLES, orderExportQuerySchema } from '@shop/common';
import { z } from 'zod';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { OrderExport } from './order-export.js';
import type { OrderService } from './order-service.js';

/** The staff order list as a file (CSV or XLSX), streamed. */
export function orderExportRoute(app: FastifyInstance, exports: OrderExport, service: OrderService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/orders/export',
    {
      schema: {
        summary: 'The order list as a CSV or XLSX file, one row per order line',
        description:
          "The staff list's filters; dates are Tashkent days and a period may cover at most a year (400 " +
          'otherwise). Streamed as an attachment. CSV is UTF-8 with a BOM; text cells starting with = + - @ ' +
          "get a leading apostrophe. `lang` picks the column titles' language (Uzbek by default).",
        operationId: 'exportOrders',
        tags: ['orders'],
        security: SECURITY.bearer,
        querystring: orderExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: {
          200: z.string().describe('The file'),
          ...errorResponses(400, 401, 403),
        },
      },
      onRequest: app.requireRole(STAFF_ROLES),
      // gzip, flushed at every chunk the export writes: the first rows leave at once and the
      // compressor holds a few kB, where the shop-wide brotli would hold megabytes before its first byte.
      compress: { encodings: ['gzip'], zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH } },
    },
    async (request, reply) => {
      await service.recordStaffRead(request.currentUser!, { exported: request.query });
      const file = exports.file(request.query);
      // A stream skips the response serializer; the 200 schema above only documents the file.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body as never);
    },
  );
}
