import type { Paged, ReviewStatus, StaffReview } from '@shop/common';
import { baseApi } from '../../../lib/api';

export interface AdminReviewQuery {
  page: number;
  limit: number;
  status?: ReviewStatus | '';
}

const LIST = { type: 'Review' as const, id: 'STAFF_LIST' };

export const reviewModerationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminReviews: build.query<Paged<StaffReview>, AdminReviewQuery>({
      query: ({ page, limit, status }) => ({
        url: '/api/reviews',
        params: status ? { page, limit, status } : { page, limit },
      }),
      providesTags: [LIST],
    }),
    setReviewStatus: build.mutation<StaffReview, { id: string; status: ReviewStatus }>({
      query: ({ id, status }) => ({ url: `/api/reviews/${id}`, method: 'PATCH', body: { status } }),
      // The product's rating and its public reviews change with the status.
      invalidatesTags: (result) =>
        result
          ? [
              LIST,
              { type: 'Review', id: result.product._id },
              { type: 'Product', id: result.product._id },
              { type: 'Product', id: 'LIST' },
            ]
          : [LIST],
    }),
  }),
});

export const { useGetAdminReviewsQuery, useSetReviewStatusMutation } = reviewModerationApi;
