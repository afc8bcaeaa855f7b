import { REVIEW_LIMITS, reviewCreateSchema, type ReviewCreate } from '@shop/common';
import { apiFieldErrors } from '../../../lib/api-error';

export interface ReviewDraft {
  rating: number | null;
  text: string;
}

/** Translation keys (storefront:reviews.errors.*) of what is wrong with each field. */
export type ReviewErrors = Partial<Record<keyof ReviewDraft, 'rating' | 'textShort' | 'textLong'>>;

const textError = (text: string): 'textShort' | 'textLong' =>
  text.trim().length > REVIEW_LIMITS.maxTextLength ? 'textLong' : 'textShort';

/** Checks the draft with the schema the server uses, so the form refuses exactly what it would. */
export function checkReview(draft: ReviewDraft): { body: ReviewCreate } | { errors: ReviewErrors } {
  const result = reviewCreateSchema.safeParse({ rating: draft.rating ?? undefined, text: draft.text });
  if (result.success) return { body: result.data };
  const errors: ReviewErrors = {};
  for (const issue of result.error.issues) {
    if (issue.path[0] === 'rating') errors.rating = 'rating';
    if (issue.path[0] === 'text') errors.text = textError(draft.text);
  }
  return { errors };
}

/** The fields a 400 answer names, in the form's words. */
export function serverReviewErrors(error: unknown, draft: ReviewDraft): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const { path } of apiFieldErrors(error)) {
    const field = path.split('.')[0];
    if (field === 'rating') errors.rating = 'rating';
    if (field === 'text') errors.text = textError(draft.text);
  }
  return errors;
}
