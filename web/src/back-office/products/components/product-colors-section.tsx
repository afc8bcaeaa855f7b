import { useTranslation } from '../../../lib/use-translation';
import { COLOR_KEYS, COLOR_SWATCHES, UNKNOWN_COLOR_SWATCH } from '@shop/common';
import { label } from '../../components/styles';
import type { ProductFormSectionProps } from './product-form-field';

/**
 * The colour checkboxes; a stored colour the shop no longer lists stays shown so it can be unticked.
 * A product with variants lists its colour option's values instead, read-only.
 */
export function ProductColorsSection({
  values,
  set,
  derived,
}: Pick<ProductFormSectionProps, 'values' | 'set'> & { derived?: string[] }) {
  const { t } = useTranslation('admin');
  if (derived)
    return (
      <div>
        <p className={label}>{t('productForm.colors')}</p>
        <p className="text-sm text-stone-700">{derived.length > 0 ? derived.join(', ') : '—'}</p>
      </div>
    );
  const toggleColor = (key: string) =>
    set('color', values.color.includes(key) ? values.color.filter((c) => c !== key) : [...values.color, key]);
  return (
    <fieldset>
      <legend className={label}>{t('productForm.colors')}</legend>
      <div className="flex flex-wrap gap-2">
        {COLOR_KEYS.map((key) => (
          <label
            key={key}
            className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${values.color.includes(key) ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-white'}`}
          >
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={values.color.includes(key)}
              onChange={() => toggleColor(key)}
            />
            <span
              aria-hidden="true"
              className="inline-block h-4 w-4 rounded-full border border-stone-400"
              style={{ backgroundColor: COLOR_SWATCHES[key] ?? UNKNOWN_COLOR_SWATCH }}
            />
            {t(`colors.${key}`, { defaultValue: key })}
          </label>
        ))}
        {values.color
          .filter((key) => !(COLOR_KEYS as string[]).includes(key))
          .map((key) => (
            <label
              key={key}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-brand-600 bg-brand-50 px-3 py-1.5 text-sm"
            >
              <input type="checkbox" className="h-4 w-4" checked onChange={() => toggleColor(key)} />
              <span
                aria-hidden="true"
                className="inline-block h-4 w-4 rounded-full border border-stone-400"
                style={{ backgroundColor: UNKNOWN_COLOR_SWATCH }}
              />
              {key}
            </label>
          ))}
      </div>
    </fieldset>
  );
}
