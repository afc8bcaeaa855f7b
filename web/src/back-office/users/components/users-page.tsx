import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PAGE_SIZE, STAFF_ROLES, USER_ADMIN_ROLES, type Role, type User } from '@shop/common';
import { useSelector } from 'react-redux';
import { apiErrorMessage } from '../../../lib/api-error';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { AdminTable } from '../../components/admin-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FilterSearchField, FilterSelect } from '../../components/filter-fields';
import { Plus } from 'lucide-react';
import { ListStates } from '../../components/list-states';
import { Pager } from '../../../components/ui/pager/pager';
import { btn, card, td } from '../../components/styles';
import { RowActionButton } from '../../components/row-action-button';
import { formatDateTime } from '../../lib/dates';
import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useGetAdminUsersQuery,
  useUpdateUserMutation,
  type UserWriteBody,
} from '../api/users-api';
import { readUserFilters, readUserPage, userListParams, type UserFilters } from '../lib/user-filters';
import { UserFormModal } from './user-form-modal';

const ROLE_BADGE: Record<string, string> = {
  admin: 'bg-purple-100 text-purple-900',
  ceo: 'bg-amber-100 text-amber-900',
  manager: 'bg-sky-100 text-sky-900',
  customer: 'bg-emerald-100 text-emerald-900',
};

type ModalState = { mode: 'create' } | { mode: 'edit'; user: User } | { mode: 'delete'; user: User } | null;

export function UsersPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const uid = useId();
  const me = useSelector(selectCurrentUser);
  // Role matrix (docs/decisions/003): only admin and ceo write staff users; the server enforces it too.
  const canWrite = !!me && USER_ADMIN_ROLES.includes(me.role as Role);

  // Filters and page live in the URL: an edit or a reload keeps the place (decision 016).
  const [params, setParams] = useSearchParams();
  const applied = readUserFilters(params);
  const page = readUserPage(params);
  const [searchText, setSearchText] = useState(applied.search);
  const [roleDraft, setRoleDraft] = useState(applied.role);
  const appliedKey = JSON.stringify(applied);
  const [seen, setSeen] = useState(appliedKey);
  if (seen !== appliedKey) {
    // The URL changed (back/forward, a link): the form shows what is applied.
    setSeen(appliedKey);
    setSearchText(applied.search);
    setRoleDraft(applied.role);
  }
  const showPlace = (filters: UserFilters, nextPage = 1, replace = false) =>
    setParams(userListParams(filters, nextPage), { replace });
  const setPage = (next: number) => showPlace(applied, next);
  const [modal, setModal] = useState<ModalState>(null);

  const query = useGetAdminUsersQuery({
    page,
    limit: PAGE_SIZE.admin,
    search: applied.search,
    role: applied.role,
  });
  const [createUser, creating] = useCreateUserMutation();
  const [updateUser, updating] = useUpdateUserMutation();
  const [deleteUser, deleting] = useDeleteUserMutation();

  useEffect(() => {
    if (query.error)
      toast.error(apiErrorMessage(query.error, t, 'admin:users.toasts.loadFailed'), {
        toastId: 'users-load',
      });
  }, [query.error, t]);

  function search(event: FormEvent) {
    event.preventDefault();
    showPlace({ search: searchText.trim(), role: roleDraft });
  }
  function reset() {
    setSearchText('');
    setRoleDraft('');
    showPlace({ search: '', role: '' });
  }

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
      setModal(null);
    } catch (error) {
      toast.error(
        apiErrorMessage(
          error,
          t,
          modal.mode === 'create' ? 'admin:users.toasts.createFailed' : 'admin:users.toasts.updateFailed',
        ),
      );
      // The form shows the server's field errors beside their fields.
      return error;
    }
  }

  async function confirmDelete() {
    if (!modal || modal.mode !== 'delete') return;
    try {
      await deleteUser(modal.user._id).unwrap();
      toast.success(t('users.toasts.deleted'));
      setModal(null);
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:users.toasts.deleteFailed'));
    }
  }

  const data = query.data;
  // A page past the end (its last row deleted, an old link) shows the last page instead.
  const lastPage = data && !query.isFetching ? Math.max(1, data.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage)
      setParams(userListParams(JSON.parse(appliedKey) as UserFilters, lastPage), { replace: true });
  }, [lastPage, page, appliedKey, setParams]);
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

      <form
        onSubmit={search}
        className={`${card} grid gap-3 p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end sm:p-4`}
        role="search"
      >
        <FilterSearchField
          id={`${uid}-search`}
          label={t('users.filters.search')}
          value={searchText}
          placeholder={t('users.filters.searchPlaceholder')}
          onChange={setSearchText}
        />
        <FilterSelect
          id={`${uid}-role`}
          label={t('users.filters.role')}
          value={roleDraft}
          onChange={setRoleDraft}
          allLabel={t('users.filters.allStaff')}
          options={[
            ...STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
            { value: 'customer', label: t('users.filters.customers') },
            { value: 'all', label: t('users.filters.everyone') },
          ]}
        />
        <div className="flex gap-2">
          <button type="submit" className={`${btn.primary} flex-1`}>
            {t('common.search')}
          </button>
          <button type="button" className={`${btn.secondary} flex-1`} onClick={reset}>
            {t('common.reset')}
          </button>
        </div>
      </form>

      <ListStates query={query} errorMessage={t('users.toasts.loadFailed')} emptyMessage={t('users.empty')}>
        {(users) => (
          <AdminTable
            caption={t('users.tableCaption')}
            columns={[
              { label: t('users.columns.name') },
              { label: t('users.columns.phone') },
              { label: t('users.columns.role') },
              { label: t('users.columns.lastActive') },
              ...(canWrite ? [{ label: t('users.columns.actions'), alignRight: true }] : []),
            ]}
          >
            {users.map((user) => {
              const isMe = user._id === me?._id;
              // The staff form sets staff roles only: a customer's own account is not edited here.
              const isCustomer = user.role === 'customer';
              return (
                <tr key={user._id} data-testid={`user-row-${user._id}`}>
                  <td className={`${td} font-medium`}>
                    {user.fullName}
                    {isMe && <span className="ml-2 text-xs text-stone-600">({t('users.you')})</span>}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{user.phoneNumber}</td>
                  <td className={td}>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ROLE_BADGE[user.role] ?? 'bg-stone-200 text-stone-800'}`}
                    >
                      {t(`roles.${user.role}`, { defaultValue: user.role })}
                    </span>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    {user.lastActiveAt ? formatDateTime(user.lastActiveAt, i18n.language) : t('users.never')}
                  </td>
                  {canWrite && (
                    <td className={`${td} text-right whitespace-nowrap`}>
                      <div className="inline-flex gap-1">
                        {!isCustomer && (
                          <RowActionButton
                            label={t('users.actions.editNamed', { name: user.fullName })}
                            onClick={() => setModal({ mode: 'edit', user })}
                          >
                            {t('common.edit')}
                          </RowActionButton>
                        )}
                        {!isMe && (
                          <RowActionButton
                            label={t('users.actions.deleteNamed', { name: user.fullName })}
                            onClick={() => setModal({ mode: 'delete', user })}
                            danger
                          >
                            {t('common.delete')}
                          </RowActionButton>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              );
            })}
          </AdminTable>
        )}
      </ListStates>
      <Pager className="mt-4" page={page} totalPages={data?.totalPages ?? 1} onChange={setPage} />

      {modal && modal.mode !== 'delete' && (
        <UserFormModal
          key={modal.mode === 'edit' ? modal.user._id : 'create'}
          mode={modal.mode}
          user={modal.mode === 'edit' ? modal.user : undefined}
          submitting={creating.isLoading || updating.isLoading}
          onSubmit={(body) => save(body)}
          onClose={() => setModal(null)}
        />
      )}
      <ConfirmDialog
        open={modal?.mode === 'delete'}
        title={t('users.deleteTitle')}
        message={modal?.mode === 'delete' ? t('users.deleteConfirm', { name: modal.user.fullName }) : ''}
        confirmLabel={t('common.delete')}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setModal(null)}
      />
    </div>
  );
}
