import type {
  Paged,
  Product,
  PromoCode,
  PromoCodeCreate,
  PromoCodeOrders,
  PromoCodePatch,
} from '@shop/common';
import { baseApi } from '../../../lib/api';

export const promoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPromoCodes: build.query<Paged<PromoCode>, number>({
      query: (page) => ({ url: '/api/promo-codes', params: { page, limit: 50 } }),
      // Uses change with every order: each visit asks again.
      keepUnusedDataFor: 0,
    }),
    getPromoCodeOrders: build.query<PromoCodeOrders, string>({
      query: (id) => `/api/promo-codes/${id}/orders`,
      keepUnusedDataFor: 0,
    }),
    createPromoCode: build.mutation<PromoCode, PromoCodeCreate>({
      query: (body) => ({ url: '/api/promo-codes', method: 'POST', body }),
    }),
    updatePromoCode: build.mutation<PromoCode, { id: string; patch: PromoCodePatch }>({
      query: ({ id, patch }) => ({ url: `/api/promo-codes/${id}`, method: 'PATCH', body: patch }),
    }),
    /** Products to limit a code to: found by a search, or the chosen ones by their ids (comma-separated). */
    getPromoProducts: build.query<Paged<Product>, { search: string } | { ids: string }>({
      query: (params) => ({
        url: '/api/products',
        params: 'ids' in params ? params : { search: params.search, limit: 8, status: 'all' },
      }),
    }),
  }),
});

export const {
  useGetPromoCodesQuery,
  useGetPromoCodeOrdersQuery,
  useCreatePromoCodeMutation,
  useUpdatePromoCodeMutation,
  useGetPromoProductsQuery,
} = promoApi;
