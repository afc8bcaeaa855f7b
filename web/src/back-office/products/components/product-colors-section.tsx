import { useTranslation } from '../../../lib/use-translation';
import { COLOR_KEYS, COLOR_SWATCHES, UNKNOWN_COLOR_SWATCH } from '@shop/common';
import { label } from '../../components/styles';
import type { ProductFormSectionProps } from './product-form-field';

/** The colour checkboxes; a stored colour the shop no longer lists stays shown so it can be unticked. */
export function ProductColorsSection({ values, set }: Pick<ProductFormSectionProps, 'values' | 'set'>) {
  const { t } = useTranslation('admin');
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
