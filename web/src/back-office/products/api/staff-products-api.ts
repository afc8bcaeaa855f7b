import type { Paged, Product, ProductOption, VariantInput } from '@shop/common';
import { baseApi } from '../../../lib/api';

export interface AdminProductQuery {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  color?: string;
  status?: string;
  isDiscounted?: string;
  isDeleted?: string;
  missingFiscalData?: string;
}

/** Only the filters that are set go on the URL ('all' and '' mean "no filter"). */
function productParams(query: AdminProductQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  params.status = query.status && query.status !== '' ? query.status : 'all';
  params.isDeleted = query.isDeleted && query.isDeleted !== '' ? query.isDeleted : 'all';
  if (query.search?.trim()) params.search = query.search.trim();
  if (query.category && query.category !== 'all') params.category = query.category;
  if (query.color && query.color !== 'all') params.color = query.color;
  if (query.isDiscounted === 'true' || query.isDiscounted === 'false')
    params.isDiscounted = query.isDiscounted;
  if (query.missingFiscalData === 'true' || query.missingFiscalData === 'false')
    params.missingFiscalData = query.missingFiscalData;
  return params;
}

export const staffProductsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<Paged<Product>, AdminProductQuery>({
      query: (query) => ({ url: '/api/products', params: productParams(query) }),
      providesTags: (result) => [
        { type: 'Product' as const, id: 'ADMIN_LIST' },
        ...(result?.docs ?? []).map((product) => ({ type: 'Product' as const, id: product._id })),
      ],
    }),
    getAdminProduct: build.query<Product, string>({
      query: (id) => `/api/products/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, FormData>({
      query: (body) => ({ url: '/api/products', method: 'POST', body }),
      invalidatesTags: ['Product', 'Dashboard'],
    }),
    updateProduct: build.mutation<Product, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `/api/products/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Product', 'Dashboard'],
    }),
    /** Options and variants replaced together; answers the product with its derived price and stock. */
    saveProductVariants: build.mutation<
      Product,
      { id: string; body: { options: ProductOption[]; variants: VariantInput[] } }
    >({
      query: ({ id, body }) => ({ url: `/api/products/${id}/variants`, method: 'PUT', body }),
      invalidatesTags: ['Product', 'Dashboard'],
    }),
    deleteProduct: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/products/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Product', 'Dashboard'],
    }),
    restoreProduct: build.mutation<Product, string>({
      query: (id) => ({ url: `/api/products/${id}/restore`, method: 'PATCH' }),
      invalidatesTags: ['Product', 'Dashboard'],
    }),
    deleteProductImage: build.mutation<Product, { id: string; imageUrl: string }>({
      query: ({ id, imageUrl }) => ({
        url: `/api/products/${id}/images`,
        method: 'DELETE',
        body: { imageUrl },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Product', id },
        { type: 'Product', id: 'ADMIN_LIST' },
      ],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSaveProductVariantsMutation,
  useDeleteProductMutation,
  useRestoreProductMutation,
  useDeleteProductImageMutation,
} = staffProductsApi;
