import { createListenerMiddleware } from '@reduxjs/toolkit';
import { toast } from '../../lib/toast';
import { setCredentials } from '../session/session-slice';
import i18n from '../../lib/i18n';
import { guestMerged, keepsSavedOnServer, selectGuestSaved, type GuestSavedState } from './guest-saved-slice';
import { savedApi } from './saved-api';

/**
 * At every sign-in (log-in, and sign-up where it signs in) a customer's account takes over the
 * products they saved as a guest: the server merges without duplicates, then the browser's copy is
 * emptied so a later guest on this browser does not inherit it. A failed merge keeps the copy for
 * the next sign-in (docs/decisions/014-saved-items-and-reviews.md).
 */
export const savedMergeListener = createListenerMiddleware();

savedMergeListener.startListening({
  actionCreator: setCredentials,
  effect: async (action, api) => {
    if (!keepsSavedOnServer(action.payload.user)) return;
    const productIds = selectGuestSaved(api.getState() as { guestSaved: GuestSavedState });
    if (productIds.length === 0) return;
    try {
      await api.dispatch(savedApi.endpoints.mergeGuestSaved.initiate(productIds)).unwrap();
      api.dispatch(guestMerged(productIds));
    } catch {
      toast.warn(i18n.t('common:saved.mergeFailed'), { toastId: 'saved-merge' });
    }
  },
});
