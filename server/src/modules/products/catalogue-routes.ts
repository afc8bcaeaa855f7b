import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  productSuggestionsSchema,
  suggestQuerySchema,
  type ProductListQuery,
} from '@shop/common';
import { isStaff } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { ProductReads } from './product-reads.js';

const tags = ['products'];

/** The staff filters a shopper's query uses: a status other than active, deleted rows, colour, discount and fiscal flags. */
function staffFiltersIn(query: ProductListQuery): string[] {
  return [
    query.status !== 'active' && 'status',
    query.isDeleted !== undefined && query.isDeleted !== 'false' && 'isDeleted',
    query.color !== undefined && 'color',
    query.isDiscounted !== undefined && 'isDiscounted',
    query.missingFiscalData !== undefined && 'missingFiscalData',
  ].filter((name): name is string => Boolean(name));
}

/** The catalogue's reads: open to shoppers, and showing staff (by their token) what shoppers do not see. */
export default async function catalogueRoutes(app: FastifyInstance, { service }: { service: ProductReads }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Shoppers see active products; a staff filter from them is refused rather than silently ignored. */
  const listForShoppers = (query: ProductListQuery) => {
    const staffFilters = staffFiltersIn(query);
    if (staffFilters.length > 0) {
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        `Only staff may filter products by ${staffFilters.join(', ')}`,
        staffFilters.map((path) => ({ path, message: 'Only staff may use this filter' })),
      );
    }
    return service.listForShoppers(query);
  };

  routes.get(
    '/products',
    {
      schema: {
        summary: 'Products, a page at a time: active ones for shoppers, every one for staff with its filters',
        operationId: 'listProducts',
        tags,
        security: SECURITY.optional,
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(400) },
      },
      config: { publicRead: true },
      onRequest: app.identify,
    },
    (request) =>
      isStaff(request.currentUser) ? service.listForStaff(request.query) : listForShoppers(request.query),
  );

  routes.get(
    '/products/suggest',
    {
      schema: {
        summary: "Search-as-you-type: a few active products matching q, named in the shopper's language",
        operationId: 'suggestProducts',
        tags,
        security: SECURITY.public,
        querystring: suggestQuerySchema,
        response: { 200: productSuggestionsSchema, ...errorResponses(400) },
      },
    },
    (request) => service.suggest(request.query),
  );

  routes.get(
    '/products/:id',
    {
      schema: {
        summary: 'One product: active ones for shoppers, paused and deleted ones too for staff',
        operationId: 'getProduct',
        tags,
        security: SECURITY.optional,
        params: idParamsSchema,
        response: { 200: productSchema, ...errorResponses(400, 404) },
      },
      config: { publicRead: true },
      onRequest: app.identify,
    },
    (request) => service.get(request.params.id, isStaff(request.currentUser)),
  );
}
