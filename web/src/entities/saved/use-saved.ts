import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Product } from '@shop/common';
import { useDispatch, useSelector } from 'react-redux';
import { selectCurrentUser } from '../session/session-slice';
import { apiErrorMessage } from '../../lib/api-error';
import { guestRemoved, guestSaved, keepsWishlistOnServer, selectGuestWishlist } from './guest-saved-slice';
import { useGetWishlistQuery, useRemoveFromWishlistMutation, useSaveToWishlistMutation } from './saved-api';

/** The shopper's saved product ids, wherever they are kept, newest first. */
export function useWishlist() {
  const user = useSelector(selectCurrentUser);
  const onServer = keepsWishlistOnServer(user);
  const guestIds = useSelector(selectGuestWishlist);
  const server = useGetWishlistQuery(undefined, { skip: !onServer });
  const serverDocs = server.data?.docs;
  const ids = useMemo(
    () => (onServer ? (serverDocs ?? []).map((product) => product._id) : [...guestIds].reverse()),
    [onServer, serverDocs, guestIds],
  );
  const savedIds = useMemo(() => new Set(ids), [ids]);
  return { onServer, ids, savedIds, server };
}

/** Saves or unsaves a product and says so in a toast; a refusal (e.g. 429) is told in words. */
export function useToggleSaved(product: Product) {
  const { t } = useTranslation(['common']);
  const dispatch = useDispatch();
  const { onServer, savedIds } = useWishlist();
  const [save, saving] = useSaveToWishlistMutation();
  const [remove, removing] = useRemoveFromWishlistMutation();
  const saved = savedIds.has(product._id);

  const toggle = async () => {
    const done = () =>
      toast.success(t(saved ? 'wishlist.removed' : 'wishlist.saved', { name: product.name }));
    if (!onServer) {
      dispatch(saved ? guestRemoved(product._id) : guestSaved(product._id));
      done();
      return;
    }
    try {
      await (saved ? remove(product) : save(product)).unwrap();
      done();
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'common:wishlist.failed'));
    }
  };
  return { saved, busy: saving.isLoading || removing.isLoading, toggle };
}
