import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PRODUCT_SORTS, type ProductSort } from '@shop/common';
import { sortChoice } from '../lib/listing-params';

/** The listing's order; while searching, the default order is by relevance. */
export function SortSelect({
  value,
  search,
  onChange,
}: {
  value: ProductSort;
  search: string;
  onChange: (sort: ProductSort) => void;
}) {
  const { t } = useTranslation('storefront');
  const id = useId();
  return (
    <div className="ml-auto flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-stone-700">
        {t('listing.sortBy')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ProductSort)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2"
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`listing.sort.${sortChoice(sort, search)}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
