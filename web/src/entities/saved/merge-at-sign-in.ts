import type { Middleware, MiddlewareAPI, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SessionUser } from '@shop/common';
import { toast } from '../../lib/toast';
import { setCredentials } from '../session/session-slice';
import i18n from '../../lib/i18n';
import { guestMerged, keepsSavedOnServer, selectGuestSaved, type GuestSavedState } from './guest-saved-slice';
import { savedApi } from './saved-api';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
type State = { guestSaved: GuestSavedState };

async function mergeGuestSaved(store: MiddlewareAPI<Dispatch, State>, user: SessionUser) {
  if (!keepsSavedOnServer(user)) return;
  const productIds = selectGuestSaved(store.getState());
  if (productIds.length === 0) return;
  try {
    await store.dispatch(savedApi.endpoints.mergeGuestSaved.initiate(productIds)).unwrap();
    store.dispatch(guestMerged(productIds));
  } catch {
    toast.warn(i18n.t('common:saved.mergeFailed'), { toastId: 'saved-merge' });
  }
}

/**
 * At every sign-in (log-in, and sign-up where it signs in) a customer's account takes over the
 * products they saved as a guest: the server merges without duplicates, then the browser's copy is
 * emptied so a later guest on this browser does not inherit it. A failed merge keeps the copy for
 * the next sign-in (docs/decisions/014-saved-items-and-reviews.md). A plain middleware: Redux
 * Toolkit's listener middleware would add ~4 KB (minified) to every page's first load for this one.
 */
export const savedMergeMiddleware: Middleware<object, State, Dispatch> = (store) => (next) => (action) => {
  const result = next(action);
  if (setCredentials.match(action)) void mergeGuestSaved(store, action.payload.user);
  return result;
};
