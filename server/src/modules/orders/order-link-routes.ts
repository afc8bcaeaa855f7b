import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  invoiceQuerySchema,
  paymentChangeSchema,
  shopperOrderQuerySchema,
  shopperOrderSchema,
} from '@shop/common';
import { z } from 'zod';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { OrderInvoices } from './order-invoice.js';
import type { OrderService } from './order-service.js';

/** What the holder of an order's link does besides reading it: change how to pay, take the invoice. */
export function orderLinkRoutes(
  app: FastifyInstance,
  {
    service,
    lookupsPerMinute,
    invoices,
  }: {
    service: OrderService;
    lookupsPerMinute: number;
    invoices: OrderInvoices;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/orders/:id/payment',
    {
      schema: {
        summary: 'Pay again, or pay in cash on delivery, after an online payment did not go through',
        description:
          'For whoever holds the order link (`key`), its signed-in owner, or staff; anyone else gets 404. ' +
          '`method` cash: the order is paid on delivery. An online method starts a fresh checkout (the answer ' +
          'carries `payment.checkoutUrl`) within the time left to pay; 400 FISCAL_DATA_MISSING when a line has ' +
          'no fiscal codes. 409 ORDER_PAID, PAYMENT_PENDING (a payment under way) or ORDER_CANCELLED.',
        operationId: 'changeOrderPayment',
        tags: ['orders', 'payments'],
        security: SECURITY.optional,
        params: idParamsSchema,
        querystring: shopperOrderQuerySchema,
        body: paymentChangeSchema,
        response: { 200: shopperOrderSchema, ...errorResponses(400, 404, 409, 429) },
      },
      onRequest: app.identify,
      config: { rateLimit: { max: lookupsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { key } = request.query;
      const order = await service.changePayment(id, key, request.currentUser, request.body.method);
      reply.header('cache-control', 'no-store');
      return order;
    },
  );

  routes.get(
    '/orders/:id/invoice.pdf',
    {
      schema: {
        summary: "A company order's invoice (To'lov uchun hisob-varaq / Счёт на оплату) as a PDF",
        description:
          'For whoever may open the order: `key` (its order key), its signed-in owner, or staff; anyone else ' +
          "gets 404 as for no order. A person's order has no invoice (404 NO_INVOICE). The sum is written in " +
          "words in the order's language (Uzbek unless it was placed in Russian), or in `lang`.",
        operationId: 'getOrderInvoice',
        tags: ['orders', 'payments'],
        security: SECURITY.optional,
        params: idParamsSchema,
        querystring: invoiceQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('The PDF file'), ...errorResponses(400, 404) },
      },
      onRequest: app.identify,
    },
    async (request, reply) => {
      const { key, lang } = request.query;
      const file = await invoices.pdf(request.params.id, key, request.currentUser, lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body as never);
    },
  );
}
