import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentMethodsSchema } from '@shop/common';
import type { OrderPayments } from './order-payments.js';

export default async function paymentRoutes(app: FastifyInstance, { payments }: { payments: OrderPayments }) {
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
}
