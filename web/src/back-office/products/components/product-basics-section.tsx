import { useTranslation } from '../../../lib/use-translation';
import { CATEGORIES, PRODUCT_STATUSES } from '@shop/common';
import { input } from '../../components/styles';
import type { ProductFormValues } from '../lib/product-form-model';
import { Field, type ProductFormSectionProps } from './product-form-field';

/**
 * Category, price, assembly price, stock, status and the "new" mark. A product with variants shows
 * its price and stock as the variants make them, read-only: the variant table sets them.
 */
export function ProductBasicsSection({
  values,
  id,
  error,
  aria,
  set,
  derived,
}: ProductFormSectionProps & { derived?: { price: number; stock: number } }) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id('category')} text={t('productForm.category')} error={error('category')} required>
        <select
          id={id('category')}
          className={input}
          value={values.category}
          onChange={(e) => set('category', e.target.value as ProductFormValues['category'])}
          required
        >
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`categories.${category}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('price')} text={t('productForm.price')} error={error('price')} required>
        <input
          id={id('price')}
          className={input}
          type="text"
          inputMode="numeric"
          value={derived ? String(derived.price) : values.price}
          onChange={(e) => set('price', e.target.value)}
          readOnly={derived !== undefined}
          aria-describedby={derived ? id('derived') : undefined}
          required
          {...aria('price')}
        />
      </Field>
      <Field id={id('assemblyPrice')} text={t('productForm.assemblyPrice')} error={error('assemblyPrice')}>
        <input
          id={id('assemblyPrice')}
          className={input}
          type="text"
          inputMode="numeric"
          value={values.assemblyPrice}
          onChange={(e) => set('assemblyPrice', e.target.value)}
          {...aria('assemblyPrice')}
        />
      </Field>
      <Field id={id('stock')} text={t('productForm.stock')} error={error('stock')} required>
        <input
          id={id('stock')}
          className={input}
          type="text"
          inputMode="numeric"
          value={derived ? String(derived.stock) : values.stock}
          onChange={(e) => set('stock', e.target.value)}
          readOnly={derived !== undefined}
          aria-describedby={derived ? id('derived') : undefined}
          required
          {...aria('stock')}
        />
      </Field>
      <Field id={id('status')} text={t('productForm.status')} error={error('status')} required>
        <select
          id={id('status')}
          className={input}
          value={values.status}
          onChange={(e) => set('status', e.target.value as ProductFormValues['status'])}
          required
        >
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`productStatus.${status}`)}
            </option>
          ))}
        </select>
      </Field>
      {derived && (
        <p id={id('derived')} className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 sm:col-span-2">
          {t('productForm.derived')}
        </p>
      )}
      <div className="flex items-end">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={values.isNewProduct}
            onChange={(e) => set('isNewProduct', e.target.checked)}
          />
          {t('productForm.markAsNew')}
        </label>
      </div>
    </div>
  );
}
