import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  customerOrdersResponseSchema,
  customerPhoneParams,
  idParamsSchema,
  messageSchema,
  normalizePhone,
  IDEMPOTENCY_KEY_HEADER,
  orderCreateHeadersSchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderPatchSchema,
  orderExportQuerySchema,
  orderPaymentStateSchema,
  orderSchema,
} from '@shop/common';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';
import { exportOrders } from './order-export.js';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { OrderService } from './order-service.js';

const errors = errorResponses(...STAFF_ERRORS);

export default async function orderRoutes(
  app: FastifyInstance,
  { service, db, lookupsPerMinute }: { service: OrderService; db: Db; lookupsPerMinute: number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.post(
    '/orders',
    {
      schema: {
        summary: 'Place an order: prices and stock are checked on the server, the stock is taken at once',
        operationId: 'placeOrder',
        tags: ['orders'],
        description:
          'Send an `Idempotency-Key` (one per checkout attempt) to make a repeat safe: the same key ' +
          'answers with the order it placed, and with another order in the body it is 409 IDEMPOTENCY_KEY_REUSED.',
        security: SECURITY.public,
        headers: orderCreateHeadersSchema,
        body: orderCreateSchema,
        response: { 201: orderSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.place(request.body, request.headers[IDEMPOTENCY_KEY_HEADER])),
  );

  routes.get(
    '/orders/customer/:phone',
    {
      schema: {
        summary: "A shopper's orders, found by the phone they ordered with",
        operationId: 'listCustomerOrders',
        tags: ['orders'],
        security: SECURITY.public,
        params: customerPhoneParams,
        response: { 200: customerOrdersResponseSchema, ...errorResponses(400, 429) },
      },
      config: { rateLimit: { max: lookupsPerMinute, timeWindow: 60_000 } },
    },
    async (request) => {
      const phone = normalizePhone(request.params.phone);
      if (!phone) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Please enter a valid phone number', [
          { path: 'phone', message: 'Please enter a valid phone number' },
        ]);
      }
      return { success: true, data: await service.forCustomer(phone) };
    },
  );

  routes.get(
    '/orders/:id/payment',
    {
      schema: {
        summary: "An order's payment state, for its confirmation page",
        description:
          'Open to anyone holding the order id (24 random hex characters, sent back by the provider in ' +
          'the return address): the order number, total, status and payment, and nothing about the shopper.',
        operationId: 'getOrderPayment',
        tags: ['orders', 'payments'],
        security: [],
        params: idParamsSchema,
        response: { 200: orderPaymentStateSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // The page polls this while the shopper pays: never a stored copy.
      reply.header('cache-control', 'no-store');
      return service.paymentState(request.params.id);
    },
  );

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
      const file = exportOrders(db, request.query);
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
    (request) => service.update(request.params.id, request.body, request.currentUser!),
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
