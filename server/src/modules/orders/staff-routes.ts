import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  idParamsSchema,
  messageSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderPatchSchema,
  orderDeliveryPatchSchema,
  orderExportQuerySchema,
  orderSchema,
} from '@shop/common';
import { z } from 'zod';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { OrderExport } from './order-export.js';
import type { OrderService } from './order-service.js';

const errors = errorResponses(...STAFF_ERRORS);

/** The back office's orders: the list, its export, and staff edits. */
export default async function staffOrderRoutes(
  app: FastifyInstance,
  { service, exports }: { service: OrderService; exports: OrderExport },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.get(
    '/orders',
    {
      schema: {
        summary: 'Orders for the back office, a page at a time, with status, date and number filters',
        operationId: 'listOrders',
        tags: ['orders'],
        security: SECURITY.bearer,
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
      onRequest: staffOnly,
    },
    (request) => service.list(request.query),
  );

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
      onRequest: staffOnly,
      // gzip, flushed at every chunk the export writes: the first rows leave at once and the
      // compressor holds a few kB, where the shop-wide brotli would hold megabytes before its first byte.
      compress: { encodings: ['gzip'], zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH } },
    },
    async (request, reply) => {
      const file = exports.file(request.query);
      // A stream skips the response serializer; the 200 schema above only documents the file.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body as never);
    },
  );

  routes.patch(
    '/orders/:id',
    {
      schema: {
        summary: "Change an order's status or lines; the stock follows",
        operationId: 'updateOrder',
        tags: ['orders'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: orderPatchSchema,
        response: { 200: orderSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      const order = await service.update(request.params.id, request.body, request.currentUser!);
      return (await service.withVerifiedPhones([order]))[0]!;
    },
  );

  routes.patch(
    '/orders/:id/delivery',
    {
      schema: {
        summary: "Change an order's delivery: status, date and slot (within capacity), address",
        operationId: 'updateOrderDelivery',
        tags: ['orders', 'delivery'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: orderDeliveryPatchSchema,
        // 409 DELIVERY_SLOT_FULL: the new slot has no place left.
        response: { 200: orderSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: staffOnly,
    },
    (request) => service.updateDelivery(request.params.id, request.body, request.currentUser!),
  );

  routes.delete(
    '/orders/:id',
    {
      schema: {
        summary: 'Delete an order; an order still open gives its stock back',
        operationId: 'deleteOrder',
        tags: ['orders'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        // 409 ORDER_PAID: a paid order keeps its record until refunded.
        response: { 200: messageSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      await service.remove(request.params.id, request.currentUser!);
      return { message: 'Order deleted successfully' };
    },
  );
}
