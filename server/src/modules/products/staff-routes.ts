import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STAFF_ROLES,
  deleteImageBodySchema,
  idParamsSchema,
  messageSchema,
  productFormSchema,
  productSchema,
  productUpdateSchema,
} from '@shop/common';
import { BODY_LIMITS } from '../../config/body-limits.js';
import { formBody, uploadedFiles } from '../../plugins/multipart-form.js';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { ProductWrites } from './product-writes.js';

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

type StaffProductRoutesOptions = { service: ProductWrites };

/** The back office's changes to the catalogue: create, edit, delete and restore, remove a picture. */
export default async function staffProductRoutes(app: FastifyInstance, options: StaffProductRoutesOptions) {
  productEditRoutes(app, options);
  productRemovalRoutes(app, options);
}

/** Create and edit a product. */
function productEditRoutes(app: FastifyInstance, { service }: StaffProductRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

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
      // Only staff reach the body (checked on request): see BODY_LIMITS.staffProduct.
      bodyLimit: BODY_LIMITS.staffProduct,
      preValidation: readProductForm,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(request.body, uploadedFiles(request), request.currentUser!)),
  );
}

/** Delete and restore a product, remove a picture. */
function productRemovalRoutes(app: FastifyInstance, { service }: StaffProductRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

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
      // Only staff reach the body (checked on request): see BODY_LIMITS.staffProduct.
      bodyLimit: BODY_LIMITS.staffProduct,
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
