import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerOrdersResponseSchema,
  customerPhoneParams,
  idParamsSchema,
  normalizePhone,
  IDEMPOTENCY_KEY_HEADER,
  orderCreateHeadersSchema,
  orderCreateBodySchema,
  placedOrderSchema,
  shopperOrderQuerySchema,
  shopperOrderSchema,
  PHONE_CODE_HEADER,
  phoneCodeHeadersSchema,
} from '@shop/common';
import { recordedConsent } from '../../plugins/consent.js';
import { AppError } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { LookupAccess } from '../phone-codes/lookup-access.js';
import type { OrderInvoices } from './order-invoice.js';
import type { OrderService } from './order-service.js';
import { orderLinkRoutes } from './order-link-routes.js';

/** What a shopper does with orders: place one, find theirs by phone, open one by its link. */
export default async function shopOrderRoutes(
  app: FastifyInstance,
  {
    service,
    lookupsPerMinute,
    lookupAccess,
    invoices,
    consentVersion,
  }: {
    service: OrderService;
    lookupsPerMinute: number;
    lookupAccess: LookupAccess;
    invoices: OrderInvoices;
    /** The privacy text in force, which a client asking for consent must have shown. */
    consentVersion: string;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/orders',
    {
      schema: {
        summary: 'Place an order: prices and stock are checked on the server, the stock is taken at once',
        operationId: 'placeOrder',
        tags: ['orders'],
        description:
          'Send an `Idempotency-Key` (one per checkout attempt) to make a repeat safe: the same key ' +
          'answers with the order it placed, and with another order in the body it is 409 IDEMPOTENCY_KEY_REUSED. ' +
          'Lines of one product and colour merge; one product (all its lines) may not exceed MAX_UNITS_PER_PRODUCT ' +
          '(400 TOO_MANY_UNITS). At most 10 orders an hour per client address and 3 open (new, unpaid) orders ' +
          'per phone: past either, 429 ORDER_LIMIT with `Retry-After` (seconds). ' +
          'A client that shows the privacy text sends `consentVersion` with `consent: true` (else 400 CONSENT_REQUIRED). ' +
          'The answer carries `orderKey`, which opens the order without a sign-in; only its hash is kept, so a ' +
          'repeat answers with a new key and the earlier one stops working.',
        security: SECURITY.public,
        headers: orderCreateHeadersSchema,
        body: orderCreateBodySchema,
        response: { 201: placedOrderSchema, ...errorResponses(400, 409, 413, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        ...(await service.place(
          { ...request.body, consentRecord: recordedConsent(request.body, consentVersion, request.ip) },
          request.headers[IDEMPOTENCY_KEY_HEADER],
          request.ip,
        )),
        // Clients read the field, so it stays; a repeat with the same key, answered with the order
        // as it is now, must not carry what staff wrote about it since.
        notes: '',
      }),
  );

  customerLookupRoute(app, { service, lookupsPerMinute, lookupAccess });

  routes.get(
    '/orders/:id',
    {
      schema: {
        summary: 'One order, for its confirmation page: by its key, or for its signed-in owner or staff',
        description:
          'The order number, lines, total, status and payment, and nothing about the shopper. A guest needs ' +
          '`key` (the `orderKey` placing the order answered with); without it, or with a wrong one, the ' +
          'answer is 404 as for an order that does not exist. The account whose phone placed the order, ' +
          'and staff, read it without the key.',
        operationId: 'getShopperOrder',
        tags: ['orders', 'payments'],
        security: SECURITY.optional,
        params: idParamsSchema,
        querystring: shopperOrderQuerySchema,
        response: { 200: shopperOrderSchema, ...errorResponses(400, 404) },
      },
      onRequest: app.identify,
    },
    async (request, reply) => {
      // The page polls this while the shopper pays: never a stored copy.
      reply.header('cache-control', 'no-store');
      return service.forShopper(request.params.id, request.query.key, request.currentUser);
    },
  );

  orderLinkRoutes(app, { service, lookupsPerMinute, invoices });
}

/** A shopper's orders found by phone, behind an SMS code or their own verified account. */
function customerLookupRoute(
  app: FastifyInstance,
  {
    service,
    lookupsPerMinute,
    lookupAccess,
  }: { service: OrderService; lookupsPerMinute: number; lookupAccess: LookupAccess },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/orders/customer/:phone',
    {
      schema: {
        summary: "A shopper's orders, found by the phone they ordered with",
        description:
          'Needs `X-Phone-Code` (an SMS code of purpose `orders`, usable 30 minutes once checked) or a ' +
          'signed-in customer whose verified phone it is; else 401 PHONE_CODE_REQUIRED.',
        operationId: 'listCustomerOrders',
        tags: ['orders'],
        security: SECURITY.optional,
        params: customerPhoneParams,
        headers: phoneCodeHeadersSchema,
        response: { 200: customerOrdersResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
      onRequest: app.identify,
      config: { rateLimit: { max: lookupsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const phone = normalizePhone(request.params.phone);
      if (!phone) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Please enter a valid phone number', [
          { path: 'phone', message: 'Please enter a valid phone number' },
        ]);
      }
      await lookupAccess(phone, request.headers[PHONE_CODE_HEADER], request.currentUser);
      // Personal data opened by a code: never kept by a cache on the way.
      reply.header('cache-control', 'private, no-store');
      return { success: true, data: await service.forCustomer(phone) };
    },
  );
}
