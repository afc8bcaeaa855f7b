import type { InstalmentBuyer, InstalmentCheck, InstalmentContract } from '@shop/common';
import { baseApi } from '../../../lib/api';
import { phoneCodeHeaders } from '../lib/instalment-proof';
import type { OrderLink } from './order-payment-api';

const orderUrl = ({ orderId, orderKey }: OrderLink, path: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/instalment${path}${orderKey ? `?key=${encodeURIComponent(orderKey)}` : ''}`;

/** Checkout's path through an Uzum Nasiya contract: the buyer's check, the contract, its SMS code. */
export const instalmentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Both need the phone proven: the SMS code typed at the check (or the buyer's verified account).
    checkInstalmentBuyer: build.mutation<InstalmentBuyer, InstalmentCheck & { code?: string }>({
      query: ({ code, ...body }) => ({
        url: '/api/instalments/check',
        method: 'POST',
        body,
        headers: phoneCodeHeaders(code),
      }),
    }),
    createInstalmentContract: build.mutation<InstalmentContract, OrderLink & { months: number }>({
      query: ({ months, ...link }) => ({
        url: orderUrl(link, ''),
        method: 'POST',
        body: { months },
        headers: phoneCodeHeaders(),
      }),
    }),
    resendInstalmentCode: build.mutation<void, OrderLink>({
      query: (link) => ({ url: orderUrl(link, '/code'), method: 'POST' }),
    }),
    confirmInstalment: build.mutation<{ status: 'paid' | 'pending' }, OrderLink & { code: string }>({
      query: ({ code, ...link }) => ({ url: orderUrl(link, '/confirm'), method: 'POST', body: { code } }),
    }),
  }),
});

export const {
  useCheckInstalmentBuyerMutation,
  useCreateInstalmentContractMutation,
  useResendInstalmentCodeMutation,
  useConfirmInstalmentMutation,
} = instalmentApi;
