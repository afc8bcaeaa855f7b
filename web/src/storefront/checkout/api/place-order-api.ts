import type { Order, OrderCreate } from '@shop/common';
import { baseApi } from '../../../lib/api';

export const placeOrderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation<Order, { order: OrderCreate; idempotencyKey: string }>({
      query: ({ order, idempotencyKey }) => ({
        url: '/api/orders',
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // Stock changed: product pages and staff lists reload.
      invalidatesTags: [{ type: 'Product', id: 'LIST' }, 'Order', 'Dashboard'],
    }),
  }),
});

export const { useCreateOrderMutation } = placeOrderApi;
