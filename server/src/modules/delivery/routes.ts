import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELIVERY_ADMIN_ROLES,
  STAFF_ROLES,
  deliveryRunsQuerySchema,
  deliveryRunsSchema,
  deliverySettingsSchema,
  deliverySettingsUpdateSchema,
  deliveryZoneSchema,
  deliveryZoneUpdateSchema,
  deliveryZonesQuerySchema,
  deliveryZonesSchema,
  quoteRequestSchema,
  quoteSchema,
  regionParamsSchema,
} from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { DeliveryService } from './delivery-service.js';

type DeliveryRoutesOptions = { service: DeliveryService };

/** Delivery zones and slots (public to read, admin and ceo to set), the quote, and a day's run sheet. */
export default async function deliveryRoutes(app: FastifyInstance, options: DeliveryRoutesOptions) {
  tariffRoutes(app, options);
  quoteAndRunRoutes(app, options);
}

/** Zones and slot settings: anyone reads them, admin and ceo set them. */
function tariffRoutes(app: FastifyInstance, { service }: DeliveryRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tariffSetters = app.requireRole(DELIVERY_ADMIN_ROLES);

  routes.get(
    '/delivery/zones',
    {
      schema: {
        summary: "Every region's delivery tariff: enabled, fee, free-from total and lead days",
        operationId: 'listDeliveryZones',
        tags: ['delivery'],
        security: SECURITY.public,
        querystring: deliveryZonesQuerySchema,
        response: { 200: deliveryZonesSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ docs: await service.zones(request.query.lang) }),
  );

  routes.put(
    '/delivery/zones/:region',
    {
      schema: {
        summary: "Set a region's tariff (admin, ceo); a field left out keeps its value",
        operationId: 'updateDeliveryZone',
        tags: ['delivery'],
        security: SECURITY.bearer,
        params: regionParamsSchema,
        body: deliveryZoneUpdateSchema,
        response: { 200: deliveryZoneSchema, ...errorResponses(...STAFF_ERRORS) },
      },
      onRequest: tariffSetters,
    },
    (request) => service.updateZone(request.params.region, request.body, request.currentUser!),
  );

  routes.get(
    '/delivery/settings',
    {
      schema: {
        summary:
          'Delivery slots, their capacity, closed weekdays (ISO, 7 = Sunday) and the carry-up price per floor',
        operationId: 'getDeliverySettings',
        tags: ['delivery'],
        security: SECURITY.public,
        response: { 200: deliverySettingsSchema, ...errorResponses(400) },
      },
    },
    () => service.settings(),
  );

  routes.put(
    '/delivery/settings',
    {
      schema: {
        summary: 'Change the delivery slots and capacity (admin, ceo)',
        operationId: 'updateDeliverySettings',
        tags: ['delivery'],
        security: SECURITY.bearer,
        body: deliverySettingsUpdateSchema,
        response: { 200: deliverySettingsSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: tariffSetters,
    },
    (request) => service.updateSettings(request.body, request.currentUser!),
  );
}

/** The price of a delivery for a cart, and a day's run sheet. */
function quoteAndRunRoutes(app: FastifyInstance, { service }: DeliveryRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/delivery/quote',
    {
      schema: {
        summary: "A cart's price delivered to a region, and the days and slots still open",
        description:
          'Priced by the same rule as the order: the goods at their running price, the zone fee (0 from ' +
          'its free-from total), carry-up per floor above the first per unit without a lift, and assembly.',
        operationId: 'quoteDelivery',
        tags: ['delivery'],
        security: SECURITY.public,
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errorResponses(400) },
      },
    },
    (request) => service.quote(request.body),
  );

  routes.get(
    '/delivery/runs',
    {
      schema: {
        summary: "A day's courier deliveries by slot and region, with address and cash to collect",
        operationId: 'listDeliveryRuns',
        tags: ['delivery'],
        security: SECURITY.bearer,
        querystring: deliveryRunsQuerySchema,
        response: { 200: deliveryRunsSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: app.requireRole(STAFF_ROLES),
    },
    async (request) => ({ date: request.query.date, docs: await service.runs(request.query.date) }),
  );
}
