import type { FastifyInstance } from 'fastify';
import clickReceiptRoutes from './click/click-receipt-routes.js';
import clickRoutes from './click/click-routes.js';
import type { ClickService } from './click/click-service.js';
import type { OrderPayments } from './order-payments.js';
import paymeRoutes from './payme/payme-routes.js';
import type { PaymeService } from './payme/payme-service.js';
import paymentRoutes from './routes.js';

export interface PaymentsAreaOptions {
  payments: OrderPayments;
  payme: PaymeService;
  click: ClickService;
}

/** The payment on the wire, the endpoints Payme and Click call, and staff resending a Click receipt. */
export default async function paymentsArea(
  app: FastifyInstance,
  { payments, payme, click }: PaymentsAreaOptions,
) {
  await app.register(paymentRoutes, { payments });
  await app.register(paymeRoutes, { service: payme });
  await app.register(clickRoutes, { service: click });
  await app.register(clickReceiptRoutes, { service: click });
}
