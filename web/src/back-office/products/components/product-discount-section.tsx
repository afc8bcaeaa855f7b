import { useTranslation } from '../../../lib/use-translation';
import { applyDiscount, DISCOUNT_TYPES, formatSom } from '@shop/common';
import { input } from '../../components/styles';
import { numberText, type ProductFormValues } from '../lib/product-form-model';
import { Field, type ProductFormSectionProps } from './product-form-field';

/** The discount switch, its kind, value and Tashkent-day window, and the price it gives. */
export function ProductDiscountSection({ values, id, error, aria, set }: ProductFormSectionProps) {
  const { t, i18n } = useTranslation('admin');
  const priceNumber = Number(numberText(values.price));
  const discountNumber = Number(numberText(values.discountValue));
  const discounted =
    values.isDiscounted && Number.isFinite(priceNumber) && Number.isFinite(discountNumber)
      ? applyDiscount(priceNumber, { type: values.discountType, value: discountNumber })
      : null;
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 text-sm font-medium text-stone-800">{t('productForm.discount')}</legend>
      <label className="inline-flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          className="h-5 w-5"
          checked={values.isDiscounted}
          aria-checked={values.isDiscounted}
          onChange={(e) => set('isDiscounted', e.target.checked)}
        />
        {t('productForm.discountOn')}
      </label>
      {values.isDiscounted && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id('discountType')} text={t('productForm.discountType')}>
            <select
              id={id('discountType')}
              className={input}
              value={values.discountType}
              onChange={(e) => set('discountType', e.target.value as ProductFormValues['discountType'])}
            >
              {DISCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`productForm.discountTypes.${type}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={id('discountValue')}
            text={t(
              values.discountType === 'percentage'
                ? 'productForm.discountValuePercent'
                : 'productForm.discountValueFixed',
            )}
            error={error('discountValue')}
          >
            <input
              id={id('discountValue')}
              className={input}
              type="number"
              min={0}
              max={values.discountType === 'percentage' ? 100 : undefined}
              step={values.discountType === 'percentage' ? 1 : 1000}
              value={values.discountValue}
              onChange={(e) => set('discountValue', e.target.value)}
              {...aria('discountValue')}
            />
          </Field>
          <Field id={id('startDate')} text={t('productForm.startDate')}>
            <input
              id={id('startDate')}
              className={input}
              type="date"
              value={values.startDate}
              onChange={(e) => set('startDate', e.target.value)}
            />
          </Field>
          <Field id={id('endDate')} text={t('productForm.endDate')} error={error('endDate')}>
            <input
              id={id('endDate')}
              className={input}
              type="date"
              value={values.endDate}
              min={values.startDate || undefined}
              onChange={(e) => set('endDate', e.target.value)}
              {...aria('endDate')}
            />
          </Field>
          {discounted !== null && (
            <p className="text-sm text-stone-700 sm:col-span-2" data-testid="discount-preview">
              {t('productForm.discountPreview', { price: formatSom(discounted, i18n.language) })}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
