import type { MyReview, Paged, Review, ReviewCreate } from '@shop/common';
import { baseApi } from '../../../lib/api';

/** Reviews of one product: the public pages, the shopper's own, and posting one (decision 014). */
export const productReviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.query<Paged<Review>, { productId: string; page: number; limit: number }>({
      query: ({ productId, page, limit }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/reviews`,
        params: { page, limit },
      }),
      providesTags: (_result, _error, { productId }) => [{ type: 'Review', id: productId }],
    }),
    getMyReview: build.query<MyReview, string>({
      query: (productId) => `/api/products/${encodeURIComponent(productId)}/reviews/mine`,
      providesTags: (_result, _error, productId) => [{ type: 'Review', id: productId }],
    }),
    createReview: build.mutation<Review, { productId: string; body: ReviewCreate }>({
      query: ({ productId, body }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/reviews`,
        method: 'POST',
        body,
      }),
      // The product's rating moved: its page, every list showing it and the saved list read it again.
      // A refusal (already reviewed, not a buyer) refreshes only what the form knows of the shopper.
      invalidatesTags: (_result, error, { productId }) => [
        { type: 'Review', id: productId },
        ...(error
          ? []
          : [
              { type: 'Product' as const, id: productId },
              { type: 'Product' as const, id: 'LIST' },
              { type: 'Saved' as const, id: 'LIST' },
            ]),
      ],
    }),
  }),
});

export const { useGetProductReviewsQuery, useGetMyReviewQuery, useCreateReviewMutation } = productReviewsApi;
