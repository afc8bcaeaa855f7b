import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, orderPaymentStateSchema, paymentMethodsSchema } from '@shop/common';
import { errorResponses } from '../../plugins/route-docs.js';
import type { OrderService } from '../orders/order-service.js';
import type { OrderPayments } from './order-payments.js';

export default async function paymentRoutes(
  app: FastifyInstance,
  { payments, orders }: { payments: OrderPayments; orders: OrderService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/payments/methods',
    {
      schema: {
        summary: 'The payment methods checkout offers',
        description: 'Cash on delivery always; Payme and Click when configured, in that order.',
        operationId: 'listPaymentMethods',
        tags: ['payments'],
        security: [],
        response: { 200: paymentMethodsSchema },
      },
    },
    () => ({ methods: payments.methods() }),
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
      return orders.paymentState(request.params.id);
    },
  );
}
