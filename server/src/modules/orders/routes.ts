import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  customerOrdersResponseSchema,
  customerPhoneParams,
  errorResponseSchema,
  idParamsSchema,
  messageSchema,
  normalizePhone,
  orderCreateSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderPatchSchema,
  orderSchema,
} from '@shop/common';
import { AppError } from '../../plugins/errors.js';
import type { OrderService } from './order-service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export default async function orderRoutes(
  app: FastifyInstance,
  { service, lookupsPerMinute }: { service: OrderService; lookupsPerMinute: number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        body: orderCreateSchema,
        response: { 201: orderSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.place(request.body)),
  );

  routes.get(
    '/orders/customer/:phone',
    {
      schema: {
        tags: ['orders'],
        params: customerPhoneParams,
        response: { 200: customerOrdersResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
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
    '/orders',
    {
      schema: {
        tags: ['orders'],
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
      onRequest: staffOnly,
    },
    (request) => service.list(request.query),
  );

  routes.patch(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        params: idParamsSchema,
        body: orderPatchSchema,
        response: { 200: orderSchema, ...errors, 409: errorResponseSchema },
      },
      onRequest: staffOnly,
    },
    (request) => service.update(request.params.id, request.body),
  );

  routes.delete(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        params: idParamsSchema,
        // 409 ORDER_PAID: a paid order keeps its record until refunded.
        response: { 200: messageSchema, ...errors, 409: errorResponseSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      await service.remove(request.params.id);
      return { message: 'Order deleted successfully' };
    },
  );
}
