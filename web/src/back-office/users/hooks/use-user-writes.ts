import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import type { User } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useUpdateUserMutation,
  type UserWriteBody,
} from '../api/staff-users-api';

/** What the users screen has open: the form (create or edit), the delete confirmation, or nothing. */
export type UserModal =
  { mode: 'create' } | { mode: 'edit'; user: User } | { mode: 'delete'; user: User } | null;

/** Creating, editing and deleting the open modal's user, each said in a toast; `close` on success. */
export function useUserWrites(modal: UserModal, close: () => void) {
  const { t } = useTranslation(['admin', 'common']);
  const [createUser, creating] = useCreateUserMutation();
  const [updateUser, updating] = useUpdateUserMutation();
  const [deleteUser, deleting] = useDeleteUserMutation();

  /** Resolves to the error when the save failed: the form shows the server's field errors beside their fields. */
  async function save(body: UserWriteBody): Promise<unknown> {
    if (!modal || modal.mode === 'delete') return;
    try {
      if (modal.mode === 'create') {
        await createUser({ ...body, password: body.password ?? '' }).unwrap();
        toast.success(t('users.toasts.created'));
      } else {
        await updateUser({ id: modal.user._id, body }).unwrap();
        toast.success(t('users.toasts.updated'));
      }
      close();
    } catch (error) {
      const fallback =
        modal.mode === 'create' ? 'admin:users.toasts.createFailed' : 'admin:users.toasts.updateFailed';
      toast.error(apiErrorMessage(error, t, fallback));
      return error;
    }
  }

  async function confirmDelete() {
    if (!modal || modal.mode !== 'delete') return;
    try {
      await deleteUser(modal.user._id).unwrap();
      toast.success(t('users.toasts.deleted'));
      close();
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:users.toasts.deleteFailed'));
    }
  }

  return {
    save,
    confirmDelete,
    saving: creating.isLoading || updating.isLoading,
    deleting: deleting.isLoading,
  };
}
