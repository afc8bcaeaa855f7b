import { LIMITS, type Paged, type Product } from '@shop/common';
import { baseApi } from '../../../lib/api';

/** The cart's product ids as one request argument: sorted, so the same cart asks the same URL. */
export const cartProductIds = (ids: readonly string[]): string =>
  [...new Set(ids)].sort().slice(0, LIMITS.maxOrderLines).join(',');

export const cartProductsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every cart line's product as the catalogue has it now, in one call (decision 016). */
    getCartProducts: build.query<Paged<Product>, string>({
      query: (ids) => ({ url: '/api/products', params: { ids } }),
      providesTags: [{ type: 'Product', id: 'CART' }],
    }),
  }),
});

export const { useGetCartProductsQuery } = cartProductsApi;
