import { useState } from 'react';
import { LIMITS } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetPromoProductsQuery } from '../api/promo-api';

/**
 * The products a code is limited to: the chosen ones by name (removable), and a search to add more.
 */
export function PromoProductsPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim(), 300);
  const found = useGetPromoProductsQuery({ search: typed }, { skip: typed.length < 2 });
  const shown = value.slice(0, LIMITS.maxOrderLines);
  const chosen = useGetPromoProductsQuery({ ids: [...shown].sort().join(',') }, { skip: shown.length === 0 });
  const nameOf = (id: string) => chosen.data?.docs.find((product) => product._id === id)?.name ?? id;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">{t('promo.products')}</legend>
      <p className="text-stone-600">{t('promo.productsHint')}</p>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" data-testid="promo-chosen-products">
          {value.map((id) => (
            <li key={id} className="flex items-center gap-1 rounded bg-stone-100 px-2 py-1">
              {nameOf(id)}
              <button
                type="button"
                className="underline"
                aria-label={t('promo.removeProduct', { name: nameOf(id) })}
                onClick={() => onChange(value.filter((each) => each !== id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="flex flex-col">
        {t('promo.findProduct')}
        <input
          type="search"
          className="rounded border border-stone-300 px-2 py-1"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {typed.length >= 2 && found.data && (
        <ul className="flex flex-col gap-1">
          {found.data.docs
            .filter((product) => !value.includes(product._id))
            .map((product) => (
              <li key={product._id}>
                <button type="button" className="underline" onClick={() => onChange([...value, product._id])}>
                  {t('promo.addProduct', { name: product.name })}
                </button>
              </li>
            ))}
        </ul>
      )}
    </fieldset>
  );
}
