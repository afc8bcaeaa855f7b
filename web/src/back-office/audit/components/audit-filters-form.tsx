import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, STAFF_ROLES, type Role } from '@shop/common';
import { FilterActions, FilterDateRange, FilterSelect } from '../../components/filter-fields';
import { card } from '../../components/styles';
import { useGetStaffPeopleQuery } from '../api/audit-api';
import { EMPTY_AUDIT_FILTERS, type AuditFilters } from '../lib/audit-filters';

/** Who, what kind of record, which action, between which days; applied on submit. */
export function AuditFiltersForm({
  applied,
  onApply,
}: {
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const people = useGetStaffPeopleQuery();
  const staff = (people.data?.docs ?? []).filter((user) => STAFF_ROLES.includes(user.role as never));
  const roleName = (role: Role) => t(`roles.${role}`);
  const set = (key: keyof AuditFilters, value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  return (
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
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        />
      </form>
    </section>
  );
}
