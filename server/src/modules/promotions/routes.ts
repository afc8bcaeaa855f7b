import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELIVERY_ADMIN_ROLES,
  idParamsSchema,
  promoCodeCreateSchema,
  promoCodeListQuerySchema,
  promoCodeOrdersSchema,
  promoCodePageSchema,
  promoCodePatchSchema,
  promoCodeSchema,
} from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { PromoService } from './promo-service.js';

/** Promo codes: admin and ceo create, list, change them and see the orders that used them. */
export default async function promoRoutes(app: FastifyInstance, { service }: { service: PromoService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The same people who set the delivery tariffs set the prices' promotions.
  const managers = app.requireRole(DELIVERY_ADMIN_ROLES);

  routes.post(
    '/promo-codes',
    {
      schema: {
        summary: 'Create a promo code (admin, ceo); codes are unique whatever their case',
        operationId: 'createPromoCode',
        tags: ['promotions'],
        security: SECURITY.bearer,
        body: promoCodeCreateSchema,
        response: { 201: promoCodeSchema, ...errorResponses(400, 401, 403, 409) },
      },
      onRequest: managers,
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.body, request.currentUser!)),
  );

  routes.get(
    '/promo-codes',
    {
      schema: {
        summary: 'Promo codes with their uses and the discount they gave, newest first (admin, ceo)',
        operationId: 'listPromoCodes',
        tags: ['promotions'],
        security: SECURITY.bearer,
        querystring: promoCodeListQuerySchema,
        response: { 200: promoCodePageSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: managers,
    },
    (request) => service.list(request.query),
  );

  routes.get(
    '/promo-codes/:id',
    {
      schema: {
        summary: 'One promo code (admin, ceo)',
        operationId: 'getPromoCode',
        tags: ['promotions'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: promoCodeSchema, ...errorResponses(...STAFF_ERRORS) },
      },
      onRequest: managers,
    },
    (request) => service.get(request.params.id),
  );

  routes.patch(
    '/promo-codes/:id',
    {
      schema: {
        summary: 'Change a promo code (admin, ceo); a field left out keeps its value',
        operationId: 'updatePromoCode',
        tags: ['promotions'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: promoCodePatchSchema,
        response: { 200: promoCodeSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: managers,
    },
    (request) => service.update(request.params.id, request.body, request.currentUser!),
  );

  routes.get(
    '/promo-codes/:id/orders',
    {
      schema: {
        summary: 'The orders that used a promo code, newest first (admin, ceo)',
        operationId: 'listPromoCodeOrders',
        tags: ['promotions'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: promoCodeOrdersSchema, ...errorResponses(...STAFF_ERRORS) },
      },
      onRequest: managers,
    },
    (request) => service.orders(request.params.id),
  );
}
