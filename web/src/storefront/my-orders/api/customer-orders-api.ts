import { PHONE_CODE_HEADER, type CustomerOrder } from '@shop/common';
import { baseApi } from '../../../lib/api';

export const customerOrdersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `code`: the SMS code of purpose `orders`; a signed-in customer's own verified phone needs none. */
    getCustomerOrders: build.query<
      { success: boolean; data: CustomerOrder[] },
      { phone: string; code?: string }
    >({
      query: ({ phone, code }) => ({
        url: `/api/orders/customer/${encodeURIComponent(phone)}`,
        headers: code ? { [PHONE_CODE_HEADER]: code } : {},
      }),
      providesTags: ['Order'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetCustomerOrdersQuery } = customerOrdersApi;
