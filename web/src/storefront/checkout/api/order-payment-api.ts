import type { OrderPaymentState, PaymentMethods } from '@shop/common';
import { baseApi } from '../../../lib/api';

export const orderPaymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentMethods: build.query<PaymentMethods, void>({
      query: () => '/api/payments/methods',
    }),
    /** Public by the order id: the confirmation page polls it while the shopper pays. */
    getOrderPayment: build.query<OrderPaymentState, string>({
      query: (orderId) => `/api/orders/${encodeURIComponent(orderId)}/payment`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPaymentMethodsQuery, useGetOrderPaymentQuery } = orderPaymentApi;
