import type {
  Paged,
  PlacedOrder,
  PriceQuote,
  QuoteAccept,
  QuoteCreate,
  QuoteCreated,
  QuotePatch,
} from '@shop/common';
import { baseApi } from '../../lib/api';

/** Price requests: the buyer asks, reads and accepts; staff list and answer. */
export const quotesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestQuote: build.mutation<QuoteCreated, QuoteCreate>({
      query: (body) => ({ url: '/api/quotes', method: 'POST', body }),
      invalidatesTags: [{ type: 'Quote', id: 'LIST' }],
    }),
    getQuote: build.query<PriceQuote, { id: string; key: string | null }>({
      query: ({ id, key }) => ({ url: `/api/quotes/${id}`, params: key ? { key } : {} }),
      providesTags: (_result, _error, { id }) => [{ type: 'Quote', id }],
    }),
    acceptQuote: build.mutation<PlacedOrder, { id: string } & QuoteAccept>({
      query: ({ id, ...body }) => ({ url: `/api/quotes/${id}/accept`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Quote', id },
        { type: 'Product', id: 'LIST' },
      ],
    }),
    getQuotes: build.query<Paged<PriceQuote>, { page: number; status: string }>({
      query: ({ page, status }) => ({ url: '/api/quotes', params: { page, limit: 20, status } }),
      providesTags: [{ type: 'Quote', id: 'LIST' }],
    }),
    answerQuote: build.mutation<PriceQuote, { id: string } & QuotePatch>({
      query: ({ id, ...body }) => ({ url: `/api/quotes/${id}`, method: 'PATCH', body }),
      invalidatesTags: [{ type: 'Quote', id: 'LIST' }],
    }),
  }),
});

export const {
  useRequestQuoteMutation,
  useGetQuoteQuery,
  useAcceptQuoteMutation,
  useGetQuotesQuery,
  useAnswerQuoteMutation,
} = quotesApi;
