import { formatDateTime } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import type { AuditEntry, Role } from '@shop/common';
import { AdminTable } from '../../components/admin-table';
import { td } from '../../components/styles';
import { auditRecord } from '../lib/audit-filters';
import { AuditChangesList } from './audit-changes';

/** The audit entries: when, who (or the system), what was done to which record, and what changed. */
export function AuditTable({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const roleName = (role: Role) => t(`roles.${role}`);
  return (
    <AdminTable
      caption={t('audit.tableCaption')}
      columns={[
        { label: t('audit.columns.at') },
        { label: t('audit.columns.person') },
        { label: t('audit.columns.action') },
        { label: t('audit.columns.record') },
        { label: t('audit.columns.changes') },
      ]}
      busy={busy}
    >
      {entries.map((entry) => (
        <tr key={entry._id} data-testid={`audit-row-${entry._id}`}>
          <td className={`${td} whitespace-nowrap`}>{formatDateTime(entry.at, i18n.language)}</td>
          <td className={td}>
            {entry.actor ? (
              <>
                <span className="block font-medium">{entry.actor.name}</span>
                <span className="block text-xs text-stone-600">
                  {roleName(entry.actor.role)} · {entry.actor.phoneNumber}
                </span>
              </>
            ) : (
              <span className="text-stone-500">{t('audit.system')}</span>
            )}
          </td>
          <td className={td}>{t(`audit.action.${entry.action}`)}</td>
          <td className={td}>
            <span className="block">{t(`audit.entity.${entry.entity}`)}</span>
            <span className="block text-xs text-stone-600">
              {auditRecord(entry.entity, entry.entityId, i18n.language)}
            </span>
          </td>
          <td className={td}>
            <AuditChangesList changes={entry.changes} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
