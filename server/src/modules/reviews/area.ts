import type { FastifyInstance } from 'fastify';
import type { ReviewService } from './review-service.js';
import productReviewRoutes from './shop-routes.js';
import staffReviewRoutes from './staff-routes.js';

/** Reviews as shoppers read and write them, and the back office's moderation. */
export default async function reviewsArea(
  app: FastifyInstance,
  { service, postsPerMinute }: { service: ReviewService; postsPerMinute: number },
) {
  await app.register(productReviewRoutes, { service, postsPerMinute });
  await app.register(staffReviewRoutes, { service });
}
