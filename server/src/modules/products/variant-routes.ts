import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_ROLES, idParamsSchema, productSchema, productVariantsInputSchema } from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { ProductVariantWrites } from './product-variants.js';

/** The back office's option editor and variant table save through here. */
export default async function variantRoutes(
  app: FastifyInstance,
  { service }: { service: ProductVariantWrites },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    '/products/:id/variants',
    {
      schema: {
        summary: "Set a product's options and variants; empty lists make it a plain product again",
        description:
          'A variant sent with its `_id` keeps it; one left out is hidden when orders name it, deleted otherwise. ' +
          "The product's price, stock and colours become the variants' lowest active price, summed stock and " +
          'colour labels. A SKU another variant or product holds is 409 SKU_TAKEN.',
        operationId: 'setProductVariants',
        tags: ['products'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: productVariantsInputSchema,
        response: { 200: productSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: app.requireRole(STAFF_ROLES),
    },
    (request) => service.save(request.params.id, request.body, request.currentUser!),
  );
}
