import { z } from 'zod';
import { REVIEW_LIMITS, REVIEW_STATUSES } from '../ratings.js';
import { idSchema, pageQuerySchema, pagedSchema } from './common.js';
import { productTranslationsSchema } from './product-translations.js';

/** Every product on the wire carries its rating: the average of published reviews and their count. */
export const productRatingSchema = z.object({
  average: z.number().min(REVIEW_LIMITS.minRating).max(REVIEW_LIMITS.maxRating).nullable(),
  count: z.number().int().min(0),
});

const ratingMessage = `Choose a rating from ${REVIEW_LIMITS.minRating} to ${REVIEW_LIMITS.maxRating} stars`;

/** What a buyer sends; the web form validates with the same schema. */
export const reviewCreateSchema = z.object({
  rating: z
    .number({ error: ratingMessage })
    .int(ratingMessage)
    .min(REVIEW_LIMITS.minRating, ratingMessage)
    .max(REVIEW_LIMITS.maxRating, ratingMessage),
  text: z
    .string({ error: 'Write a few words about the product' })
    .trim()
    .min(REVIEW_LIMITS.minTextLength, `Write at least ${REVIEW_LIMITS.minTextLength} characters`)
    .max(REVIEW_LIMITS.maxTextLength, `Keep it to ${REVIEW_LIMITS.maxTextLength} characters`),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

/** A review as shoppers see it: the author is a first name and an initial, nothing more. */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewPageSchema = pagedSchema(reviewSchema);

export const productReviewsQuerySchema = pageQuerySchema;

/** The signed-in shopper's own review of a product (hidden ones too), and whether they may write one. */
export const myReviewSchema = z.object({
  canReview: z.boolean(),
  review: reviewSchema.extend({ status: z.enum(REVIEW_STATUSES) }).nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** The back office's view: the status, and the product it is about so the screen can link to it. */
export const staffReviewSchema = reviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  updatedAt: z.string(),
  product: z.object({ _id: z.string(), name: z.string(), translations: productTranslationsSchema }),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;
export const staffReviewPageSchema = pagedSchema(staffReviewSchema);

export const staffReviewListQuerySchema = pageQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES).optional(),
  productId: idSchema.optional(),
});
export type StaffReviewListQuery = z.infer<typeof staffReviewListQuerySchema>;

export const reviewStatusPatchSchema = z.object({ status: z.enum(REVIEW_STATUSES) });
