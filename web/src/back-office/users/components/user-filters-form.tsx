import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { STAFF_ROLES } from '@shop/common';
import { FilterSearchField, FilterSelect } from '../../components/filter-fields';
import { btn, card } from '../../components/styles';
import type { UserFilters } from '../lib/user-filters';

/** Search by name or phone and pick a role; applied on Search, cleared on Reset. */
export function UserFiltersForm({
  applied,
  onApply,
}: {
  applied: UserFilters;
  onApply: (filters: UserFilters) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
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

  function search(event: FormEvent) {
    event.preventDefault();
    onApply({ search: searchText.trim(), role: roleDraft });
  }
  function reset() {
    setSearchText('');
    setRoleDraft('');
    onApply({ search: '', role: '' });
  }

  return (
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
  );
}
