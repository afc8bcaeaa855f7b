import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import type { Product } from '@shop/common';
import { useDispatch, useSelector } from 'react-redux';
import { selectCurrentUser } from '../session/session-slice';
import { apiErrorMessage } from '../../lib/api-error';
import { guestRemoved, guestSaved, keepsSavedOnServer, selectGuestSaved } from './guest-saved-slice';
import { useGetSavedQuery, useUnsaveProductMutation, useSaveProductMutation } from './saved-api';

/** The shopper's saved product ids, wherever they are kept, newest first. */
export function useSaved() {
  const user = useSelector(selectCurrentUser);
  const onServer = keepsSavedOnServer(user);
  const guestIds = useSelector(selectGuestSaved);
  const server = useGetSavedQuery(undefined, { skip: !onServer });
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
  const { onServer, savedIds } = useSaved();
  const [save, saving] = useSaveProductMutation();
  const [remove, removing] = useUnsaveProductMutation();
  const saved = savedIds.has(product._id);

  const toggle = async () => {
    const done = () => toast.success(t(saved ? 'saved.removed' : 'saved.saved', { name: product.name }));
    if (!onServer) {
      dispatch(saved ? guestRemoved(product._id) : guestSaved(product._id));
      done();
      return;
    }
    try {
      await (saved ? remove(product) : save(product)).unwrap();
      done();
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'common:saved.failed'));
    }
  };
  return { saved, busy: saving.isLoading || removing.isLoading, toggle };
}
