import type { FastifyInstance } from 'fastify';
import type { LookupAccess } from '../phone-codes/lookup-access.js';
import type { OrderExport } from './order-export.js';
import type { OrderInvoices } from './order-invoice.js';
import type { OrderService } from './order-service.js';
import shopOrderRoutes from './shop-routes.js';
import staffPaymentRoutes from './staff-payment-routes.js';
import staffOrderRoutes from './staff-routes.js';

export interface OrdersAreaOptions {
  service: OrderService;
  lookupsPerMinute: number;
  lookupAccess: LookupAccess;
  invoices: OrderInvoices;
  exports: OrderExport;
  /** The privacy text in force (its version), which placing an order agrees to. */
  consentVersion: string;
}

/** The orders' routes: what shoppers do with theirs, the back office's list and edits, money staff record. */
export default async function ordersArea(app: FastifyInstance, options: OrdersAreaOptions) {
  const { service, lookupsPerMinute, lookupAccess, invoices, exports, consentVersion } = options;
  await app.register(shopOrderRoutes, { service, lookupsPerMinute, lookupAccess, invoices, consentVersion });
  await app.register(staffOrderRoutes, { service, exports });
  await app.register(staffPaymentRoutes, { service });
}
