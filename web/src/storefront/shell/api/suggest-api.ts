import type { Language, ProductSuggestion } from '@shop/common';
import { baseApi } from '../../../lib/api';

export const suggestApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    suggestProducts: build.query<{ docs: ProductSuggestion[] }, { q: string; lang: Language }>({
      query: ({ q, lang }) => ({ url: '/api/products/suggest', params: { q, lang, limit: 5 } }),
      // Typing back and forth reuses answers for a short while, then they go.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSuggestProductsQuery } = suggestApi;
