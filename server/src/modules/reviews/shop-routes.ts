import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  featuredReviewListSchema,
  featuredReviewsQuerySchema,
  idParamsSchema,
  myReviewSchema,
  productReviewsQuerySchema,
  reviewCreateSchema,
  reviewPageSchema,
  reviewSchema,
} from '@shop/common';
import { isStaff } from '../../plugins/auth.js';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import { reviewNotAllowed, writesReviews, type ReviewService } from './review-service.js';

const errors = errorResponses(...STAFF_ERRORS);
const security = SECURITY.bearer;
/** Open to guests; a staff token also opens paused and deleted products. */
const optionalSecurity = SECURITY.optional;
const tags = ['reviews'];

/** A product's reviews as the storefront shows them, the shopper's own, and writing one. */
export default async function productReviewRoutes(
  app: FastifyInstance,
  { service, postsPerMinute }: { service: ReviewService; postsPerMinute: number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Refused before the body is read, like every other role check.
  const reviewerOnly = async (request: FastifyRequest) => {
    if (!writesReviews(request.currentUser!)) throw reviewNotAllowed();
  };
  const postLimit = app.rateLimit({
    max: postsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.currentUser!.id,
  });

  routes.get(
    '/products/:id/reviews',
    {
      schema: {
        summary: "A product's published reviews, newest first",
        operationId: 'listProductReviews',
        tags,
        security: optionalSecurity,
        params: idParamsSchema,
        querystring: productReviewsQuerySchema,
        response: { 200: reviewPageSchema, ...errors },
      },
      onRequest: app.identify,
    },
    (request) => service.listForProduct(request.params.id, request.query, isStaff(request.currentUser)),
  );

  routes.get(
    '/reviews/featured',
    {
      schema: {
        summary: 'The newest published reviews of 4 stars or more, with their products (the home page)',
        operationId: 'listFeaturedReviews',
        tags,
        security: SECURITY.public,
        querystring: featuredReviewsQuerySchema,
        response: { 200: featuredReviewListSchema, ...errorResponses(400) },
      },
    },
    (request) => service.featured(request.query.limit),
  );

  routes.get(
    '/products/:id/reviews/mine',
    {
      schema: {
        summary: "The signed-in shopper's own review of a product, and whether they may write one",
        operationId: 'getMyProductReview',
        tags,
        security,
        params: idParamsSchema,
        response: { 200: myReviewSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    (request) => service.mine(request.params.id, request.currentUser!),
  );

  routes.post(
    '/products/:id/reviews',
    {
      schema: {
        summary: 'Review a product: customers whose order with it has been confirmed, once each',
        operationId: 'createProductReview',
        tags,
        security,
        params: idParamsSchema,
        body: reviewCreateSchema,
        response: {
          201: reviewSchema,
          ...errorResponses(...STAFF_ERRORS, 409, 429),
        },
      },
      onRequest: [app.authenticate, reviewerOnly],
      preValidation: postLimit,
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.params.id, request.currentUser!, request.body)),
  );
}
