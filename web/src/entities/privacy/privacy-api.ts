import type { PrivacyDocument } from '@shop/common';
import { baseApi } from '../../lib/api';

export const privacyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The privacy text in every language and its version; it changes only with the shop's settings. */
    getPrivacy: build.query<PrivacyDocument, void>({
      query: () => '/api/privacy',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetPrivacyQuery } = privacyApi;
