import type { InstalmentTermsResponse } from '@shop/common';
import { baseApi } from '../../lib/api';

/** The shop's advertised instalment terms: asked once, every card computes its monthly price from them. */
export const instalmentTermsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInstalmentTerms: build.query<InstalmentTermsResponse, void>({
      query: () => '/api/instalments/terms',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetInstalmentTermsQuery } = instalmentTermsApi;
