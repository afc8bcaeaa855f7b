import type { FeaturedReview } from '@shop/common';
import { baseApi } from '../../../lib/api';

/** The home page's real shopper reviews (newest, 4 stars or more); an empty list hides the block. */
export const featuredReviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFeaturedReviews: build.query<{ docs: FeaturedReview[] }, void>({
      query: () => ({ url: '/api/reviews/featured', params: { limit: 3 } }),
      providesTags: [{ type: 'Review', id: 'FEATURED' }],
    }),
  }),
});

export const { useGetFeaturedReviewsQuery } = featuredReviewsApi;
