import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STAFF_ROLES,
  deleteImageBodySchema,
  idParamsSchema,
  messageSchema,
  productFormSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  productSuggestionsSchema,
  productUpdateSchema,
  suggestQuerySchema,
  type ProductListQuery,
} from '@shop/common';
import { isStaff } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { formBody, uploadedFiles } from '../../plugins/multipart-form.js';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { ProductService } from './product-service.js';

const tags = ['products'];
const IMAGE_FIELD = 'productImages';
const readProductForm = formBody([IMAGE_FIELD]);
const uploadErrors = errorResponses(...STAFF_ERRORS, 413, 415, 507);

const formDoc = {
  consumes: ['multipart/form-data', 'application/json'],
  description:
    'A multipart form (or the same fields as JSON): the text fields below, with `color` as a comma list and ' +
    '`discounts` as JSON, plus `productImages` files (JPEG, PNG, WebP, AVIF or GIF, ≤10 MB each, ≤10 files).',
};

/** The staff filters a shopper's query uses: a status other than active, deleted rows, colour, discount flag. */
function staffFiltersIn(query: ProductListQuery): string[] {
  return [
    query.status !== 'active' && 'status',
    query.isDeleted !== undefined && query.isDeleted !== 'false' && 'isDeleted',
    query.color !== undefined && 'color',
    query.isDiscounted !== undefined && 'isDiscounted',
  ].filter((name): name is string => Boolean(name));
}

export default async function productRoutes(app: FastifyInstance, { service }: { service: ProductService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

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

  routes.post(
    '/products',
    {
      schema: {
        summary: 'Create a product from the staff form, with its pictures',
        operationId: 'createProduct',
        tags,
        security: SECURITY.bearer,
        ...formDoc,
        body: productFormSchema,
        response: { 201: productSchema, ...uploadErrors },
      },
      onRequest: staffOnly,
      preValidation: readProductForm,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(request.body, uploadedFiles(request), request.currentUser!)),
  );

  routes.patch(
    '/products/:id',
    {
      schema: {
        summary: 'Change the fields sent, add pictures and remove those listed in imagesToDelete',
        operationId: 'updateProduct',
        tags,
        security: SECURITY.bearer,
        ...formDoc,
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: productSchema, ...uploadErrors },
      },
      onRequest: staffOnly,
      preValidation: readProductForm,
    },
    (request) =>
      service.update(request.params.id, request.body, uploadedFiles(request), request.currentUser!),
  );

  routes.delete(
    '/products/:id',
    {
      schema: {
        summary: 'Delete a product softly: it leaves the storefront and can be restored',
        operationId: 'deleteProduct',
        tags,
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: {
          200: messageSchema.extend({ product: productSchema }),
          ...errorResponses(...STAFF_ERRORS),
        },
      },
      onRequest: staffOnly,
    },
    async (request) => ({
      message: 'Product deleted successfully',
      product: await service.setDeleted(request.params.id, true, request.currentUser!),
    }),
  );

  routes.patch(
    '/products/:id/restore',
    {
      schema: {
        summary: 'Restore a deleted product',
        operationId: 'restoreProduct',
        tags,
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: productSchema, ...errorResponses(...STAFF_ERRORS) },
      },
      onRequest: staffOnly,
    },
    (request) => service.setDeleted(request.params.id, false, request.currentUser!),
  );

  routes.delete(
    '/products/:id/images',
    {
      schema: {
        summary: "Remove one picture from a product and from the shop's files",
        operationId: 'deleteProductImage',
        tags,
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: deleteImageBodySchema,
        response: {
          200: z.object({ message: z.string(), product: productSchema }),
          ...errorResponses(...STAFF_ERRORS),
        },
      },
      onRequest: staffOnly,
    },
    async (request) => ({
      message: 'Image deleted successfully',
      product: await service.deleteImage(request.params.id, request.body.imageUrl, request.currentUser!),
    }),
  );
}
