import type { PaymentMethods } from '@shop/common';
import { baseApi } from '../../lib/api';

const paymentMethodsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOfferedPaymentMethods: build.query<PaymentMethods, void>({ query: () => '/api/payments/methods' }),
  }),
});

/** Whether the shop offers bank transfer: only with all its requisites set, else organisations pay cash. */
export function useBankTransferOffered(): boolean {
  return (
    paymentMethodsApi.useGetOfferedPaymentMethodsQuery().data?.methods.includes('bank_transfer') ?? false
  );
}
