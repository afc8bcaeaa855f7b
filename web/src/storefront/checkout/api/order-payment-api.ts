import type { PaymentMethod, PaymentMethods, ShopperOrder } from '@shop/common';
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
    /** "Pay again" or "pay in cash on delivery" after a failed online payment: the order as it is now. */
    changeOrderPayment: build.mutation<ShopperOrder, OrderLink & { method: PaymentMethod }>({
      query: ({ orderId, orderKey, method }) => ({
        url: `/api/orders/${encodeURIComponent(orderId)}/payment${orderKey ? `?key=${encodeURIComponent(orderKey)}` : ''}`,
        method: 'POST',
        body: { method },
      }),
      async onQueryStarted({ orderId, orderKey }, { dispatch, queryFulfilled }) {
        // A refusal is the caller's to show; only a change updates the page's order.
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer)
          dispatch(
            orderPaymentApi.util.upsertQueryData('getShopperOrder', { orderId, orderKey }, answer.data),
          );
      },
    }),
  }),
});

export const { useGetPaymentMethodsQuery, useGetShopperOrderQuery, useChangeOrderPaymentMutation } =
  orderPaymentApi;

/** The confirmation page's address for an order: what a guest needs to open it again. */
export const confirmationPath = (orderId: string, orderKey: string): string =>
  `/order-confirmation?${new URLSearchParams({ order: orderId, key: orderKey }).toString()}`;
