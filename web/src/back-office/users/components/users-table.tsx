import { formatDateTime } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import type { SessionUser, User } from '@shop/common';
import { AdminTable } from '../../components/admin-table';
import { RowActionButton } from '../../components/row-action-button';
import { td } from '../../components/styles';

const ROLE_BADGE: Record<string, string> = {
  admin: 'bg-purple-100 text-purple-900',
  ceo: 'bg-amber-100 text-amber-900',
  manager: 'bg-sky-100 text-sky-900',
  customer: 'bg-emerald-100 text-emerald-900',
};

interface Props {
  users: User[];
  me: SessionUser | null;
  /** Edit and delete buttons, for the roles that write users. */
  canWrite: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, me, canWrite, onEdit, onDelete }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  return (
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
      {users.map((user) => (
        <UserRow key={user._id} user={user} isMe={user._id === me?._id} {...{ canWrite, onEdit, onDelete }} />
      ))}
    </AdminTable>
  );
}

function UserRow({
  user,
  isMe,
  canWrite,
  onEdit,
  onDelete,
}: { user: User; isMe: boolean } & Pick<Props, 'canWrite' | 'onEdit' | 'onDelete'>) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  // The staff form sets staff roles only: a customer's own account is not edited here.
  const isCustomer = user.role === 'customer';
  return (
    <tr data-testid={`user-row-${user._id}`}>
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
                onClick={() => onEdit(user)}
              >
                {t('common.edit')}
              </RowActionButton>
            )}
            {!isMe && (
              <RowActionButton
                label={t('users.actions.deleteNamed', { name: user.fullName })}
                onClick={() => onDelete(user)}
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
}
