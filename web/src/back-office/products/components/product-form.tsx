import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { LIMITS, type Product } from '@shop/common';
import { fieldErrorText, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { btn, card } from '../../components/styles';
import type { Compressor } from '../lib/compress-images';
import {
  emptyProductForm,
  productToFormValues,
  toProductFormData,
  productFieldOf,
  validateProductForm,
  type ProductFormValues,
} from '../lib/product-form-model';
import type { ProductFormSectionProps } from './product-form-field';
import { ProductBasicsSection } from './product-basics-section';
import { ProductTranslationsSection } from './product-translations-section';
import { ProductColorsSection } from './product-colors-section';
import { ProductDiscountSection } from './product-discount-section';
import { ProductFiscalSection } from './product-fiscal-section';
import { CurrentImagesSection, NewImagesSection, useNewImages } from './product-images-section';
import type { AdminKey } from '../../../lib/translate';

export interface ProductFormProps {
  mode: 'create' | 'edit';
  product?: Product;
  submitting?: boolean;
  /** Saves; resolves to the error when the save failed, so its field errors show on the form. */
  onSubmit: (form: FormData) => Promise<unknown> | void;
  onCancel: () => void;
  /** Edit only: removes a stored image right away (DELETE /api/products/:id/images). */
  onDeleteImage?: (path: string) => Promise<unknown>;
  /** Injected in tests; the real one is loaded with import(). */
  compressor?: Compressor;
}

const FIELD_ORDER: (keyof ProductFormValues)[] = [
  'name',
  'price',
  'category',
  'stock',
  'status',
  'description',
  'discountValue',
  'endDate',
];

/** The product create and edit form: owns the values and errors, its sections render the fields. */
export function ProductForm({
  mode,
  product,
  submitting = false,
  onSubmit,
  onCancel,
  onDeleteImage,
  compressor,
}: ProductFormProps) {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  // What the form opened with: an edit sends only the fields that differ from it.
  const [initial] = useState(() => (mode === 'edit' && product ? productToFormValues(product) : undefined));
  const [values, setValues] = useState<ProductFormValues>(() => initial ?? emptyProductForm());
  const [errors, setErrors] = useState<FieldErrors<keyof ProductFormValues, AdminKey>>({});
  const [fileError, setFileError] = useState('');
  const images = useNewImages(compressor, () => setFileError(''));
  const formRef = useRef<HTMLFormElement>(null);

  const set: ProductFormSectionProps['set'] = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateProductForm(values);
    let filesProblem = '';
    if (images.chosen.length > LIMITS.maxImagesPerRequest)
      filesProblem = t('productForm.errors.tooManyImages', { max: LIMITS.maxImagesPerRequest });
    else if (images.chosen.some(({ file }) => file.size > LIMITS.maxImageBytes))
      filesProblem = t('productForm.errors.imageTooLarge');
    setErrors(found);
    setFileError(filesProblem);
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id(firstInvalid))}`)?.focus();
      return;
    }
    if (filesProblem) return;
    const failure = await onSubmit(
      toProductFormData(values, { files: images.chosen.map(({ file }) => file), initial }),
    );
    if (failure) setErrors(serverFieldErrors(failure, productFieldOf));
  }

  // A product with variants: its price, stock and colours are what the variant table makes them.
  const derived = product && product.options.length > 0 ? product : undefined;

  const section: ProductFormSectionProps = {
    values,
    id,
    set,
    error: (key) => fieldErrorText(t, errors[key]),
    aria: (key) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id(key)}-error` } : {}),
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className={`${card} space-y-6 p-4 sm:p-6`}
      aria-labelledby={id('title')}
    >
      <h2 id={id('title')} className="text-xl font-semibold">
        {mode === 'create' ? t('productForm.createTitle') : t('productForm.editTitle')}
      </h2>

      <ProductBasicsSection {...section} derived={derived} />
      <ProductTranslationsSection
        values={values}
        id={id}
        error={section.error}
        onMainChange={set}
        onTranslationChange={(translations) => set('translations', translations)}
      />
      <ProductColorsSection values={values} set={set} derived={derived?.color} />
      <ProductDiscountSection {...section} />
      <ProductFiscalSection {...section} />
      {mode === 'edit' && (
        <CurrentImagesSection
          id={id('current')}
          images={product?.productImages ?? []}
          onDeleteImage={onDeleteImage}
        />
      )}
      <NewImagesSection id={id('images')} editing={mode === 'edit'} images={images} error={fileError} />

      <ProductFormActions
        mode={mode}
        submitting={submitting}
        compressing={images.compressing}
        onCancel={onCancel}
      />
    </form>
  );
}

function ProductFormActions({
  mode,
  submitting,
  compressing,
  onCancel,
}: {
  mode: ProductFormProps['mode'];
  submitting: boolean;
  compressing: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-4">
      <button type="button" className={btn.secondary} onClick={onCancel} disabled={submitting}>
        {t('common.cancel')}
      </button>
      <button type="submit" className={btn.primary} disabled={submitting || compressing}>
        {submitting
          ? t('common.saving')
          : mode === 'create'
            ? t('productForm.create')
            : t('productForm.save')}
      </button>
    </div>
  );
}
