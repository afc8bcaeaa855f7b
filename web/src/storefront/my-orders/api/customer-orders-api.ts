import type { CustomerOrder } from '@shop/common';
import { baseApi } from '../../../lib/api';

export const customerOrdersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCustomerOrders: build.query<{ success: boolean; data: CustomerOrder[] }, string>({
      query: (phone) => `/api/orders/customer/${encodeURIComponent(phone)}`,
      providesTags: ['Order'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetCustomerOrdersQuery } = customerOrdersApi;
