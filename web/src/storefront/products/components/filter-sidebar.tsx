import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CATEGORIES, formatSom } from '@shop/common';
import type { ListingFilter, ListingParams } from '../lib/listing-params';
import type { FilterPatch } from '../hooks/use-listing-filters';
import { priceAtSlider, sliderAtPrice, sliderScale, type PriceRange } from '../lib/price-bounds';

interface Props {
  draft: ListingParams;
  onChange: (patch: FilterPatch) => void;
  bounds: PriceRange;
  price: PriceRange;
  onPriceChange: (range: PriceRange) => void;
  onReset: () => void;
}

const radio = 'h-4 w-4 accent-brand-700';

export function FilterSidebar({ draft, onChange, bounds, price, onPriceChange, onReset }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  const searchId = useId();
  const statuses: [ListingFilter, string][] = [
    ['', t('listing.status.all')],
    ['new', t('listing.status.new')],
    ['discount', t('listing.status.discount')],
  ];

  return (
    <form
      role="search"
      aria-label={t('listing.filters')}
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-6 rounded-xl border border-stone-200 bg-white p-5"
    >
      <div>
        <label htmlFor={searchId} className="mb-2 block font-semibold">
          {t('listing.search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={draft.search}
          maxLength={100}
          placeholder={t('listing.searchPlaceholder')}
          onChange={(event) => onChange({ search: event.target.value })}
          className="w-full rounded-lg border border-stone-300 px-3 py-2"
        />
      </div>

      <fieldset>
        <legend className="mb-2 font-semibold">{t('listing.category')}</legend>
        <div className="flex flex-col gap-2">
          {(['all', ...CATEGORIES] as const).map((category) => (
            <label key={category} className="flex items-center gap-2">
              <input
                type="radio"
                name="category"
                className={radio}
                checked={draft.category === category}
                onChange={() => onChange({ category })}
              />
              {category === 'all' ? t('listing.allCategories') : t(`common:categories.${category}.name`)}
            </label>
          ))}
        </div>
      </fieldset>

      <PriceFields bounds={bounds} price={price} onPriceChange={onPriceChange} />

      <fieldset>
        <legend className="mb-2 font-semibold">{t('listing.productStatus')}</legend>
        <div className="flex flex-col gap-2">
          {statuses.map(([value, label]) => (
            <label key={value || 'all'} className="flex items-center gap-2">
              <input
                type="radio"
                name="filter"
                className={radio}
                checked={draft.filter === value}
                onChange={() => onChange({ filter: value })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <button
        type="button"
        onClick={onReset}
        className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100"
      >
        {t('listing.reset')}
      </button>
    </form>
  );
}

/** The price range as two sliders, its ends written out in so'm. */
function PriceFields({ bounds, price, onPriceChange }: Pick<Props, 'bounds' | 'price' | 'onPriceChange'>) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const minId = useId();
  const maxId = useId();
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{t('listing.price')}</legend>
      <p className="mb-2 text-sm text-stone-700">
        {formatSom(price.min, i18n.language)} – {formatSom(price.max, i18n.language)}
      </p>
      <PriceSlider
        id={minId}
        label={t('listing.minPrice')}
        bounds={bounds}
        value={price.min}
        onValue={(value) => onPriceChange({ min: Math.min(value, price.max), max: price.max })}
      />
      <PriceSlider
        id={maxId}
        label={t('listing.maxPrice')}
        bounds={bounds}
        value={price.max}
        onValue={(value) => onPriceChange({ min: price.min, max: Math.max(value, price.min) })}
        className="mt-2"
      />
    </fieldset>
  );
}

interface PriceSliderProps {
  id: string;
  label: string;
  bounds: { min: number; max: number };
  value: number;
  onValue: (value: number) => void;
  className?: string;
}

/** One end of the price range: a labelled slider that reads its value out in so'm. */
function PriceSlider({ id, label, bounds, value, onValue, className = '' }: PriceSliderProps) {
  const { i18n } = useTranslation();
  const scale = sliderScale(bounds);
  return (
    <>
      <label htmlFor={id} className={`block text-sm text-stone-600 ${className}`}>
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={bounds.min}
        max={scale.top}
        step={scale.step}
        value={sliderAtPrice(value, bounds, scale)}
        aria-valuetext={formatSom(value, i18n.language)}
        onChange={(event) => onValue(priceAtSlider(Number(event.target.value), bounds))}
        className="w-full accent-brand-700"
      />
    </>
  );
}
