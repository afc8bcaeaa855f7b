import { createListenerMiddleware } from '@reduxjs/toolkit';
import { toast } from '../../lib/toast';
import { setCredentials } from '../session/session-slice';
import i18n from '../../lib/i18n';
import {
  guestMerged,
  keepsWishlistOnServer,
  selectGuestWishlist,
  type GuestWishlistState,
} from './guest-saved-slice';
import { wishlistApi } from './saved-api';

/**
 * At every sign-in (log-in, and sign-up where it signs in) a customer's account takes over the
 * products they saved as a guest: the server merges without duplicates, then the browser's copy is
 * emptied so a later guest on this browser does not inherit it. A failed merge keeps the copy for
 * the next sign-in (docs/decisions/014-saved-items-and-reviews.md).
 */
export const wishlistMergeListener = createListenerMiddleware();

wishlistMergeListener.startListening({
  actionCreator: setCredentials,
  effect: async (action, api) => {
    if (!keepsWishlistOnServer(action.payload.user)) return;
    const productIds = selectGuestWishlist(api.getState() as { guestWishlist: GuestWishlistState });
    if (productIds.length === 0) return;
    try {
      await api.dispatch(wishlistApi.endpoints.mergeWishlist.initiate(productIds)).unwrap();
      api.dispatch(guestMerged(productIds));
    } catch {
      toast.warn(i18n.t('common:wishlist.mergeFailed'), { toastId: 'wishlist-merge' });
    }
  },
});
