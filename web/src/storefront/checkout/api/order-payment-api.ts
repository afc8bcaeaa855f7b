import type { PaymentMethods, ShopperOrder } from '@shop/common';
import { baseApi } from '../../../lib/api';

/** The order's link: its id, and the key placing it answered with (a signed-in owner may have none). */
export interface OrderLink {
  orderId: string;
  orderKey: string | null;
}

export const orderPaymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentMethods: build.query<PaymentMethods, void>({
      query: () => '/api/payments/methods',
    }),
    /** Opened by the link's key: the confirmation page polls it while the shopper pays. */
    getShopperOrder: build.query<ShopperOrder, OrderLink>({
      query: ({ orderId, orderKey }) =>
        `/api/orders/${encodeURIComponent(orderId)}${orderKey ? `?key=${encodeURIComponent(orderKey)}` : ''}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPaymentMethodsQuery, useGetShopperOrderQuery } = orderPaymentApi;

/** The confirmation page's address for an order: what a guest needs to open it again. */
export const confirmationPath = (orderId: string, orderKey: string): string =>
  `/order-confirmation?${new URLSearchParams({ order: orderId, key: orderKey }).toString()}`;
