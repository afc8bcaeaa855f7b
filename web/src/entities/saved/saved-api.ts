import type { Product, Wishlist } from '@shop/common';
import { baseApi } from '../../lib/api';

const LIST = { type: 'Wishlist' as const, id: 'LIST' };

/** A signed-in customer's saved products on the server (decision 014). */
export const wishlistApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWishlist: build.query<Wishlist, void>({
      query: () => '/api/me/wishlist',
      providesTags: [LIST],
    }),
    saveToWishlist: build.mutation<void, Product>({
      query: (product) => ({ url: `/api/me/wishlist/${product._id}`, method: 'PUT' }),
      // The heart fills at once; a refusal puts the list back as it was.
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          wishlistApi.util.updateQueryData('getWishlist', undefined, (draft) => {
            if (!draft.docs.some((saved) => saved._id === product._id)) draft.docs.unshift(product);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    removeFromWishlist: build.mutation<void, Product>({
      query: (product) => ({ url: `/api/me/wishlist/${product._id}`, method: 'DELETE' }),
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          wishlistApi.util.updateQueryData('getWishlist', undefined, (draft) => {
            draft.docs = draft.docs.filter((saved) => saved._id !== product._id);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** The guest's list, oldest first, added to the account at sign-in; answers the merged list. */
    mergeWishlist: build.mutation<Wishlist, string[]>({
      query: (productIds) => ({ url: '/api/me/wishlist/merge', method: 'POST', body: { productIds } }),
      // Refetched rather than overwritten: a list read begun before the merge must not win.
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useGetWishlistQuery, useSaveToWishlistMutation, useRemoveFromWishlistMutation } = wishlistApi;
