import { PAGE_SIZE, type Paged, type Product } from '@shop/common';
import { baseApi } from '../../lib/api';

export type ProductListQuery = Record<string, string | number | undefined>;

/** A home carousel's products; the server renderer loads the same query into the cache. */
export const carouselQuery = (filter: 'discount' | 'new'): Record<string, string | number> => ({
  filter,
  limit: PAGE_SIZE.home,
  page: 1,
});

export const catalogueApi = baseApi.injectEndpoints({
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

export const { useGetProductsQuery, useGetProductQuery } = catalogueApi;
