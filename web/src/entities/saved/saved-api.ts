import type { Product, Wishlist } from '@shop/common';
import { baseApi } from '../../lib/api';

const LIST = { type: 'Saved' as const, id: 'LIST' };

/** A signed-in customer's saved products on the server (decision 014), whose API calls them the wishlist. */
export const savedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSaved: build.query<Wishlist, void>({
      query: () => '/api/me/wishlist',
      providesTags: [LIST],
    }),
    saveProduct: build.mutation<void, Product>({
      query: (product) => ({ url: `/api/me/wishlist/${product._id}`, method: 'PUT' }),
      // The heart fills at once; a refusal puts the list back as it was.
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedApi.util.updateQueryData('getSaved', undefined, (draft) => {
            if (!draft.docs.some((saved) => saved._id === product._id)) draft.docs.unshift(product);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    unsaveProduct: build.mutation<void, Product>({
      query: (product) => ({ url: `/api/me/wishlist/${product._id}`, method: 'DELETE' }),
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedApi.util.updateQueryData('getSaved', undefined, (draft) => {
            draft.docs = draft.docs.filter((saved) => saved._id !== product._id);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** The guest's list, oldest first, added to the account at sign-in; answers the merged list. */
    mergeGuestSaved: build.mutation<Wishlist, string[]>({
      query: (productIds) => ({ url: '/api/me/wishlist/merge', method: 'POST', body: { productIds } }),
      // Refetched rather than overwritten: a list read begun before the merge must not win.
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useGetSavedQuery, useSaveProductMutation, useUnsaveProductMutation } = savedApi;
