import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STAFF_ROLES,
  deleteImageBodySchema,
  errorResponseSchema,
  idParamsSchema,
  messageSchema,
  productFormSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  productUpdateSchema,
} from '@shop/common';
import { isStaff } from '../../plugins/auth.js';
import { validationError } from '../../plugins/errors.js';
import { readForm } from '../../plugins/multipart-form.js';
import type { ProductService } from './product-service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const uploadErrors = {
  ...errors,
  413: errorResponseSchema,
  415: errorResponseSchema,
  507: errorResponseSchema,
};
const IMAGE_FIELD = 'productImages';

const formDoc = {
  consumes: ['multipart/form-data', 'application/json'],
  description:
    'Multipart form: name, description, price, category, stock, color (comma list), status, isDiscounted, isNewProduct, discounts (JSON), productImages (files; JPEG, PNG, WebP, AVIF or GIF, ≤10 MB each, ≤10 files).',
};

export default async function productRoutes(app: FastifyInstance, { service }: { service: ProductService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
      onRequest: app.identify,
    },
    (request) => service.list(request.query, isStaff(request.currentUser)),
  );

  routes.get(
    '/products/:id',
    {
      schema: { tags: ['products'], params: idParamsSchema, response: { 200: productSchema, ...errors } },
      onRequest: app.identify,
    },
    (request) => service.get(request.params.id, isStaff(request.currentUser)),
  );

  routes.post(
    '/products',
    {
      schema: { tags: ['products'], ...formDoc, response: { 201: productSchema, ...uploadErrors } },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const form = await readForm(request, [IMAGE_FIELD]);
      const parsed = productFormSchema.safeParse(form.fields);
      if (!parsed.success) throw validationError(parsed.error);
      return reply.status(201).send(await service.create(parsed.data, form.files));
    },
  );

  routes.patch(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        ...formDoc,
        params: idParamsSchema,
        response: { 200: productSchema, ...uploadErrors },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      const form = await readForm(request, [IMAGE_FIELD]);
      const parsed = productUpdateSchema.safeParse(form.fields);
      if (!parsed.success) throw validationError(parsed.error);
      return service.update(request.params.id, parsed.data, form.files);
    },
  );

  routes.delete(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        params: idParamsSchema,
        response: { 200: messageSchema.extend({ product: productSchema }), ...errors },
      },
      onRequest: staffOnly,
    },
    async (request) => ({
      message: 'Product deleted successfully',
      product: await service.setDeleted(request.params.id, true),
    }),
  );

  routes.patch(
    '/products/:id/restore',
    {
      schema: { tags: ['products'], params: idParamsSchema, response: { 200: productSchema, ...errors } },
      onRequest: staffOnly,
    },
    (request) => service.setDeleted(request.params.id, false),
  );

  routes.delete(
    '/products/:id/images',
    {
      schema: {
        tags: ['products'],
        params: idParamsSchema,
        body: deleteImageBodySchema,
        response: { 200: z.object({ message: z.string(), product: productSchema }), ...errors },
      },
      onRequest: staffOnly,
    },
    async (request) => ({
      message: 'Image deleted successfully',
      product: await service.deleteImage(request.params.id, request.body.imageUrl),
    }),
  );
}
