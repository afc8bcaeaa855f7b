import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  idParamsSchema,
  reviewStatusPatchSchema,
  staffReviewListQuerySchema,
  staffReviewPageSchema,
  staffReviewSchema,
} from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { ReviewService } from './review-service.js';

const errors = errorResponses(...STAFF_ERRORS);
const security = SECURITY.bearer;
const tags = ['reviews'];

/** The back office's moderation: every review with its product, hidden or shown. */
export default async function staffReviewRoutes(
  app: FastifyInstance,
  { service }: { service: ReviewService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.get(
    '/reviews',
    {
      schema: {
        summary: 'Reviews for the back office, newest first, with the product each is about',
        operationId: 'listReviews',
        tags,
        security,
        querystring: staffReviewListQuerySchema,
        response: { 200: staffReviewPageSchema, ...errors },
      },
      onRequest: staffOnly,
    },
    (request) => service.listForStaff(request.query),
  );

  routes.patch(
    '/reviews/:id',
    {
      schema: {
        summary: "Hide or show a review; the product's rating follows",
        operationId: 'setReviewStatus',
        tags,
        security,
        params: idParamsSchema,
        body: reviewStatusPatchSchema,
        response: { 200: staffReviewSchema, ...errors },
      },
      onRequest: staffOnly,
    },
    (request) => service.setStatus(request.params.id, request.body.status, request.currentUser!),
  );
}
