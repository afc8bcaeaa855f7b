import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CATEGORIES, COLOR_KEYS, PRODUCT_STATUSES } from '@shop/common';
import { isOneOf } from '../../../lib/translate';
import { FilterChip } from '../../components/filter-chip';
import { FilterSearchField, FilterSelect } from '../../components/filter-fields';
import { Funnel } from 'lucide-react';
import { btn, card } from '../../components/styles';
import { activeFilterKeys, type ProductFilters } from '../lib/product-filters';

interface Props {
  open: boolean;
  onToggle: () => void;
  searchText: string;
  onSearchText: (value: string) => void;
  filters: ProductFilters;
  onChange: (key: keyof ProductFilters, value: string) => void;
  onReset: () => void;
}

export function ProductFiltersPanel({
  open,
  onToggle,
  searchText,
  onSearchText,
  filters,
  onChange,
  onReset,
}: Props) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const panelId = `${uid}-panel`;
  const active = activeFilterKeys(filters);

  const chipLabel = (key: keyof ProductFilters): string => {
    const value = filters[key];
    switch (key) {
      case 'search':
        return t('products.chips.search', { value });
      case 'category':
        return isOneOf(CATEGORIES, value) ? t(`categories.${value}`) : value;
      case 'color':
        return t('products.chips.color', { value: t(`colors.${value}`, { defaultValue: value }) });
      case 'status':
        return isOneOf(PRODUCT_STATUSES, value) ? t(`productStatus.${value}`) : value;
      case 'isDiscounted':
        return value === 'true' ? t('products.filters.discounted') : t('products.filters.regular');
      case 'isDeleted':
        return value === 'true' ? t('products.filters.deletedOnly') : t('products.filters.notDeleted');
      case 'missingFiscalData':
        return value === 'true' ? t('products.filters.missingFiscal') : t('products.filters.completeFiscal');
    }
  };

  const select = (key: keyof ProductFilters, text: string, options: { value: string; label: string }[]) => (
    <FilterSelect
      id={`${uid}-${key}`}
      label={text}
      value={filters[key]}
      onChange={(value) => onChange(key, value)}
      options={options}
    />
  );

  return (
    <section className={`${card} p-3 sm:p-4`} aria-label={t('products.filters.title')}>
      <FiltersToolbar
        open={open}
        panelId={panelId}
        active={active.length}
        canReset={active.length > 0 || searchText !== ''}
        onToggle={onToggle}
        onReset={onReset}
      />
      <div id={panelId} hidden={!open} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FilterSearchField
          id={`${uid}-search`}
          label={t('products.filters.search')}
          value={searchText}
          placeholder={t('products.filters.searchPlaceholder')}
          onChange={onSearchText}
          className="sm:col-span-2 lg:col-span-3"
        />
        {select(
          'category',
          t('products.filters.category'),
          CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
        )}
        {select(
          'color',
          t('products.filters.color'),
          COLOR_KEYS.map((c) => ({ value: c, label: t(`colors.${c}`) })),
        )}
        {select(
          'status',
          t('products.filters.status'),
          PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`productStatus.${s}`) })),
        )}
        {select('isDiscounted', t('products.filters.discountStatus'), [
          { value: 'true', label: t('products.filters.discounted') },
          { value: 'false', label: t('products.filters.regular') },
        ])}
        {select('isDeleted', t('products.filters.deletedStatus'), [
          { value: 'false', label: t('products.filters.notDeleted') },
          { value: 'true', label: t('products.filters.deletedOnly') },
        ])}
        {select('missingFiscalData', t('products.filters.fiscal'), [
          { value: 'true', label: t('products.filters.missingFiscal') },
          { value: 'false', label: t('products.filters.completeFiscal') },
        ])}
      </div>
      <ActiveChips keys={active} labelOf={chipLabel} onRemove={(key) => onChange(key, '')} />
    </section>
  );
}

/** Shows or hides the filters (with how many apply) and resets them all. */
function FiltersToolbar({
  open,
  panelId,
  active,
  canReset,
  onToggle,
  onReset,
}: {
  open: boolean;
  panelId: string;
  active: number;
  canReset: boolean;
  onToggle: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <button
        type="button"
        className={btn.ghost}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <Funnel size={20} />
        {open ? t('products.filters.hide') : t('products.filters.show')}
        {active > 0 && <span className="rounded-full bg-brand-600 px-2 text-xs text-white">{active}</span>}
      </button>
      <button type="button" className={btn.secondary} onClick={onReset} disabled={!canReset}>
        {t('products.filters.resetAll')}
      </button>
    </div>
  );
}

/** The applied filters as chips; removing one clears it. */
function ActiveChips({
  keys,
  labelOf,
  onRemove,
}: {
  keys: (keyof ProductFilters)[];
  labelOf: (key: keyof ProductFilters) => string;
  onRemove: (key: keyof ProductFilters) => void;
}) {
  const { t } = useTranslation('admin');
  if (keys.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('common.activeFilters')}>
      {keys.map((key) => (
        <FilterChip key={key} label={labelOf(key)} onRemove={() => onRemove(key)} />
      ))}
    </ul>
  );
}
