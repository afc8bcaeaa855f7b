import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, receiptResentSchema } from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../../plugins/route-docs.js';
import type { ClickService } from './click-service.js';

/** Staff send a Click receipt again once they fixed what Click refused. */
export default async function clickReceiptRoutes(
  app: FastifyInstance,
  { service }: { service: ClickService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/orders/:id/payment/receipt',
    {
      schema: {
        summary:
          "Send an order's refused Click receipt again, rebuilt from the products' codes as they are now",
        description:
          "Admin and ceo only. The order's `payment.receipt` shows a refused receipt with Click's reason; once " +
          "the products' MXIK and package codes are fixed, this queues the receipt again (202; the order then " +
          'shows it `pending`, then `sent`). 404 ORDER_NOT_FOUND for an unknown order; 409 RECEIPT_NOT_REFUSED ' +
          'when the order has no refused Click receipt, RECEIPT_CODES_MISSING when a line still has no codes.',
        operationId: 'resendClickReceipt',
        tags: ['orders', 'payments'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 202: receiptResentSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: app.requireRole(['admin', 'ceo']),
    },
    async (request, reply) => {
      await service.resendReceipt(request.params.id);
      return reply.status(202).send({ status: 'pending' as const });
    },
  );
}
