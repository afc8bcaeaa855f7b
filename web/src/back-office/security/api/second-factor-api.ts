import type { RecoveryCodes, SecondFactorSetup, SecondFactorStatus } from '@shop/common';
import { baseApi } from '../../../lib/api';

const STATUS = { type: 'User' as const, id: 'SECOND_FACTOR' };

export const secondFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSecondFactor: build.query<SecondFactorStatus, void>({
      query: () => '/api/users/me/2fa',
      providesTags: [STATUS],
    }),
    startSecondFactor: build.mutation<SecondFactorSetup, void>({
      query: () => ({ url: '/api/users/me/2fa', method: 'POST', body: {} }),
    }),
    confirmSecondFactor: build.mutation<RecoveryCodes, string>({
      query: (code) => ({ url: '/api/users/me/2fa/confirm', method: 'POST', body: { code } }),
      invalidatesTags: [STATUS],
    }),
  }),
});

export const { useGetSecondFactorQuery, useStartSecondFactorMutation, useConfirmSecondFactorMutation } =
  secondFactorApi;
