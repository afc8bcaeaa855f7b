import type { Paged, Product } from '@shop/common';
import { baseApi } from '../../../lib/api';

export type ProductListQuery = Record<string, string | number | undefined>;

export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Paged<Product>, ProductListQuery>({
      query: (params) => ({ url: '/api/products', params }),
      providesTags: (result) =>
        result
          ? [
              ...result.docs.map((product) => ({ type: 'Product' as const, id: product._id })),
              { type: 'Product', id: 'LIST' },
            ]
          : [{ type: 'Product', id: 'LIST' }],
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery } = productsApi;
