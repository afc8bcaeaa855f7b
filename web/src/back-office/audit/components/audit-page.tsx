import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, STAFF_ROLES, type Role } from '@shop/common';
import { AdminTable } from '../../components/admin-table';
import { FilterActions, FilterDateRange, FilterSelect } from '../../components/filter-fields';
import { ListStates } from '../../components/list-states';
import { StepPager } from '../../../components/ui/pager/pager';
import { ErrorBox } from '../../components/state-views';
import { card, td } from '../../components/styles';
import { formatDateTime } from '../../lib/dates';
import { useGetAuditEntriesQuery, useGetStaffPeopleQuery } from '../api/audit-api';
import {
  EMPTY_AUDIT_FILTERS,
  auditFiltersToParams,
  readAuditFilters,
  type AuditFilters,
} from '../lib/audit-filters';
import { AlertStatusPanel } from './alert-status-panel';
import { AuditChangesList } from './audit-changes';

const isForbidden = (error: unknown) =>
  !!error && typeof error === 'object' && 'status' in error && (error as { status: unknown }).status === 403;

/** Who changed what (admins and the CEO; the server answers a manager 403). */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const uid = useId();
  const [params, setParams] = useSearchParams();
  const applied = readAuditFilters(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const query = useGetAuditEntriesQuery({ ...applied, page });
  const people = useGetStaffPeopleQuery();
  const staff = (people.data?.docs ?? []).filter((user) => STAFF_ROLES.includes(user.role as never));

  const set = (key: keyof AuditFilters, value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const apply = (filters: AuditFilters, nextPage = 1) => setParams(auditFiltersToParams(filters, nextPage));
  function submit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }

  if (isForbidden(query.error)) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-stone-900">{t('audit.title')}</h1>
        <ErrorBox message={t('audit.forbidden')} />
      </div>
    );
  }

  const roleName = (role: Role) => t(`roles.${role}`);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-stone-900">{t('audit.title')}</h1>
      <AlertStatusPanel />
      <section className={`${card} p-3 sm:p-4`} aria-label={t('audit.filters.title')}>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
          <FilterSelect
            id={`${uid}-actor`}
            label={t('audit.filters.person')}
            value={draft.actor}
            onChange={(value) => set('actor', value)}
            options={staff.map((user) => ({
              value: user._id,
              label: `${user.fullName} (${roleName(user.role)})`,
            }))}
          />
          <FilterSelect
            id={`${uid}-entity`}
            label={t('audit.filters.entity')}
            value={draft.entity}
            onChange={(value) => set('entity', value)}
            options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(`audit.entity.${entity}`) }))}
          />
          <FilterSelect
            id={`${uid}-action`}
            label={t('audit.filters.action')}
            value={draft.action}
            onChange={(value) => set('action', value)}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.action.${action}`) }))}
          />
          <FilterDateRange
            idPrefix={uid}
            startLabel={t('audit.filters.startDate')}
            endLabel={t('audit.filters.endDate')}
            startDate={draft.startDate}
            endDate={draft.endDate}
            onChange={set}
          />
          <FilterActions
            onReset={() => {
              setDraft(EMPTY_AUDIT_FILTERS);
              apply(EMPTY_AUDIT_FILTERS);
            }}
          />
        </form>
      </section>
      <ListStates query={query} errorMessage={t('audit.loadFailed')} emptyMessage={t('audit.empty')}>
        {(entries) => (
          <AdminTable
            caption={t('audit.tableCaption')}
            columns={[
              { label: t('audit.columns.at') },
              { label: t('audit.columns.person') },
              { label: t('audit.columns.action') },
              { label: t('audit.columns.record') },
              { label: t('audit.columns.changes') },
            ]}
            busy={query.isFetching}
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
                  <span className="block font-mono text-xs text-stone-600">{entry.entityId.slice(-8)}</span>
                </td>
                <td className={td}>
                  <AuditChangesList changes={entry.changes} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
      <StepPager
        className="mt-4"
        page={page}
        totalPages={query.data?.totalPages ?? 1}
        onChange={(next) => apply(applied, next)}
      />
    </div>
  );
}
