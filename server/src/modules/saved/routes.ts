import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wishlistMergeSchema, wishlistProductParams, wishlistSchema } from '@shop/common';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { SavedItemsService } from './saved-items-service.js';

const errors = errorResponses(401, 403);
const writeErrors = errorResponses(400, 401, 403, 429);
const noContent = z.undefined().describe('Done; no body');
const security = SECURITY.bearer;
const tags = ['wishlist'];

/**
 * Saved products of a signed-in customer. Staff accounts get 403: they keep hearts in the browser
 * like a guest (docs/decisions/014-saved-items-and-reviews.md). The API keeps its first name,
 * `/api/me/wishlist`, and its schemas theirs: they are the contract with the web app.
 */
export default async function savedItemsRoutes(
  app: FastifyInstance,
  { service, writesPerMinute }: { service: SavedItemsService; writesPerMinute: number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const customerOnly = app.requireRole(['customer']);
  // One budget per customer for all list changes, counted before the body is read.
  const writeLimit = app.rateLimit({
    max: writesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.currentUser!.id,
  });
  const me = (request: { currentUser?: { id: string } }) => request.currentUser!.id;

  routes.get(
    '/me/wishlist',
    {
      schema: {
        summary: 'The saved products shoppers can still buy, the most recently saved first',
        operationId: 'getWishlist',
        tags,
        security,
        response: { 200: wishlistSchema, ...errors },
      },
      onRequest: customerOnly,
    },
    async (request) => ({ docs: await service.list(me(request)) }),
  );

  routes.put(
    '/me/wishlist/:productId',
    {
      schema: {
        summary: 'Save a product (saving it again changes nothing)',
        operationId: 'saveToWishlist',
        tags,
        security,
        params: wishlistProductParams,
        response: { 204: noContent, ...writeErrors, ...errorResponses(404, 409) },
      },
      onRequest: customerOnly,
      preValidation: writeLimit,
    },
    async (request, reply) => {
      await service.save(me(request), request.params.productId);
      return reply.status(204).send();
    },
  );

  routes.delete(
    '/me/wishlist/:productId',
    {
      schema: {
        summary: 'Remove a product from the saved list (removing one that is not saved is fine)',
        operationId: 'removeFromWishlist',
        tags,
        security,
        params: wishlistProductParams,
        response: { 204: noContent, ...writeErrors, ...errorResponses(404) },
      },
      onRequest: customerOnly,
      preValidation: writeLimit,
    },
    async (request, reply) => {
      await service.remove(me(request), request.params.productId);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/me/wishlist/merge',
    {
      schema: {
        summary: "Add a guest's saved list to the account at sign-in; answers the merged list",
        description:
          'productIds: the localStorage `wishlist` array, oldest first. Products already saved keep their place; ' +
          'new ones go on top in the order given; unknown, paused or deleted products are skipped; ' +
          'when the list would pass its limit, the latest saves are kept.',
        operationId: 'mergeWishlist',
        tags,
        security,
        body: wishlistMergeSchema,
        response: { 200: wishlistSchema, ...writeErrors },
      },
      onRequest: customerOnly,
      preValidation: writeLimit,
    },
    async (request) => ({ docs: await service.merge(me(request), request.body.productIds) }),
  );
}
