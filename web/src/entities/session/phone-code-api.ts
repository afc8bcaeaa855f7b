import type { PhoneCodeRequest, PhoneCodeSent } from '@shop/common';
import { baseApi } from '../../lib/api';

export const phoneCodeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendPhoneCode: build.mutation<PhoneCodeSent, PhoneCodeRequest>({
      query: (body) => ({ url: '/api/auth/codes', method: 'POST', body }),
      // A 429 says how long to wait in Retry-After; the form counts it down.
      transformErrorResponse: (error, meta) => ({
        ...error,
        retryAfter:
          Number((meta as { response?: Response } | undefined)?.response?.headers.get('retry-after')) ||
          undefined,
      }),
    }),
  }),
});

export const { useSendPhoneCodeMutation } = phoneCodeApi;
