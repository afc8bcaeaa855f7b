import { z } from 'zod';
import { productTranslationsSchema } from './product.js';
import { reviewSchema } from './review.js';

/** The home page's shopper voices: real published reviews, each naming the product it is about. */
export const FEATURED_REVIEWS = { minRating: 4, maxCount: 6 } as const;

export const featuredReviewsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FEATURED_REVIEWS.maxCount).default(3),
});

export const featuredReviewSchema = reviewSchema.extend({
  product: z.object({ _id: z.string(), name: z.string(), translations: productTranslationsSchema }),
});
export type FeaturedReview = z.infer<typeof featuredReviewSchema>;

export const featuredReviewListSchema = z.object({ docs: z.array(featuredReviewSchema) });
