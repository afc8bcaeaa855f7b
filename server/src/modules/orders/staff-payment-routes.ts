import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  bankTransferSchema,
  cashReceiptSchema,
  idParamsSchema,
  orderSchema,
} from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { OrderService } from './order-service.js';

/** Money staff record by hand: cash taken at the door, a company's bank transfer. */
export default async function staffPaymentRoutes(
  app: FastifyInstance,
  { service }: { service: OrderService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.post(
    '/orders/:id/payments/cash',
    {
      schema: {
        summary: 'Record the cash taken for a cash order: its payment becomes paid',
        description:
          'The amount must equal the order total (409 AMOUNT_MISMATCH naming `amount`, as for a bank transfer). ' +
          '409 NOT_CASH_ORDER for an online order, ORDER_PAID when already paid, ORDER_CANCELLED for a cancelled ' +
          'order. Who took it and when are kept (`payment.cashReceived`) and in the audit log; staff and the ' +
          "customer's Telegram chat hear of the payment.",
        operationId: 'receiveCashPayment',
        tags: ['orders', 'payments'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: cashReceiptSchema,
        response: { 200: orderSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: staffOnly,
    },
    (request) => service.receiveCash(request.params.id, request.body.amount, request.currentUser!),
  );

  routes.post(
    '/orders/:id/payments/bank-transfer',
    {
      schema: {
        summary: "Record a company's bank transfer for its invoice: the order's payment becomes paid",
        description:
          'Admin and ceo only. The amount must equal the invoice total (409 AMOUNT_MISMATCH). 409 ' +
          'NOT_BANK_TRANSFER_ORDER for another payment method, ORDER_PAID when already paid, ORDER_CANCELLED ' +
          'for a cancelled order. The day it arrived, the reference and who recorded it are kept ' +
          "(`payment.bankTransfer`) and in the audit log; staff and the customer's Telegram chat hear of the payment.",
        operationId: 'receiveBankTransfer',
        tags: ['orders', 'payments'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: bankTransferSchema,
        response: { 200: orderSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: app.requireRole(['admin', 'ceo']),
    },
    (request) => service.receiveBankTransfer(request.params.id, request.body, request.currentUser!),
  );
}
