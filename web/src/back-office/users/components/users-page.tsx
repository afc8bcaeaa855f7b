import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { Plus } from 'lucide-react';
import { PAGE_SIZE, USER_ADMIN_ROLES, type Role } from '@shop/common';
import { Pager } from '../../../components/ui/pager/pager';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListStates } from '../../components/list-states';
import { btn } from '../../components/styles';
import { useLastPageWhenPastEnd } from '../../lib/list-place';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { useGetAdminUsersQuery } from '../api/staff-users-api';
import { useUserListPlace } from '../hooks/use-user-list-place';
import { useUserWrites, type UserModal } from '../hooks/use-user-writes';
import { UserFiltersForm } from './user-filters-form';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';

export function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const me = useSelector(selectCurrentUser);
  // Role matrix (docs/decisions/003): only admin and ceo write staff users; the server enforces it too.
  const canWrite = !!me && USER_ADMIN_ROLES.includes(me.role as Role);
  // Filters and page live in the URL: an edit or a reload keeps the place (decision 016).
  const { applied, page, showPlace } = useUserListPlace();
  const [modal, setModal] = useState<UserModal>(null);
  const writes = useUserWrites(modal, () => setModal(null));

  const query = useGetAdminUsersQuery({
    page,
    limit: PAGE_SIZE.admin,
    search: applied.search,
    role: applied.role,
  });
  useLoadErrorToast(query.error, 'admin:users.toasts.loadFailed', 'users-load');
  useLastPageWhenPastEnd(page, query, (lastPage) => showPlace(applied, lastPage, true));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-stone-900">{t('users.title')}</h1>
        {canWrite && (
          <button type="button" className={btn.primary} onClick={() => setModal({ mode: 'create' })}>
            <Plus size={20} />
            {t('users.addNew')}
          </button>
        )}
      </div>
      {!canWrite && (
        <p
          className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
          data-testid="users-read-only"
        >
          {t('users.readOnly')}
        </p>
      )}
      <UserFiltersForm applied={applied} onApply={(filters) => showPlace(filters)} />
      <ListStates query={query} errorMessage={t('users.toasts.loadFailed')} emptyMessage={t('users.empty')}>
        {(users) => (
          <UsersTable
            users={users}
            me={me}
            canWrite={canWrite}
            onEdit={(user) => setModal({ mode: 'edit', user })}
            onDelete={(user) => setModal({ mode: 'delete', user })}
          />
        )}
      </ListStates>
      <Pager
        className="mt-4"
        page={page}
        totalPages={query.data?.totalPages ?? 1}
        onChange={(next) => showPlace(applied, next)}
      />
      {modal && modal.mode !== 'delete' && (
        <UserFormModal
          key={modal.mode === 'edit' ? modal.user._id : 'create'}
          mode={modal.mode}
          user={modal.mode === 'edit' ? modal.user : undefined}
          submitting={writes.saving}
          onSubmit={(body) => writes.save(body)}
          onClose={() => setModal(null)}
        />
      )}
      <ConfirmDialog
        open={modal?.mode === 'delete'}
        title={t('users.deleteTitle')}
        message={modal?.mode === 'delete' ? t('users.deleteConfirm', { name: modal.user.fullName }) : ''}
        confirmLabel={t('common.delete')}
        busy={writes.deleting}
        onConfirm={() => void writes.confirmDelete()}
        onCancel={() => setModal(null)}
      />
    </div>
  );
}
