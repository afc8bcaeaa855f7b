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
  orderSchema,
} from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { OrderExport } from './order-export.js';
import { orderExportRoute } from './order-export-route.js';
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
    async (request) => {
      const page = await service.list(request.query);
      const { phoneNumber, orderNumber } = request.query;
      if ((phoneNumber || orderNumber !== undefined) && page.docs.length > 0) {
        await service.recordStaffRead(request.currentUser!, {
          customer: phoneNumber || undefined,
          orderIds: page.docs.map((order) => order._id),
        });
      }
      return page;
    },
  );

  orderExportRoute(app, exports, service);

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
