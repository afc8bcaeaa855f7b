import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  applyDiscount,
  CATEGORIES,
  COLOR_KEYS,
  COLOR_SWATCHES,
  DISCOUNT_TYPES,
  formatSom,
  imageUrl,
  LIMITS,
  PRODUCT_STATUSES,
  UNKNOWN_COLOR_SWATCH,
  type Product,
} from '@shop/common';
import { ProductImage } from '../../../../components/ui/product-image';
import { fieldErrorText, serverFieldErrors, type FieldErrors } from '../../../../lib/form-errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { btn, card, fieldError, input, label } from '../../components/styles';
import { compressImages, needsCompression, type Compressor } from '../lib/compress-images';
import { ProductTranslationsSection } from './product-translations-section';
import {
  emptyProductForm,
  numberText,
  productToFormValues,
  toProductFormData,
  productFieldOf,
  validateProductForm,
  type ProductFormValues,
} from '../lib/product-form-model';

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

interface ChosenFile {
  file: File;
  preview: string | null;
}

function preview(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function Field({
  id,
  text,
  error,
  children,
  required,
}: {
  id: string;
  text: string;
  error?: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
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

export function ProductForm({
  mode,
  product,
  submitting = false,
  onSubmit,
  onCancel,
  onDeleteImage,
  compressor,
}: ProductFormProps) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  // What the form opened with: an edit sends only the fields that differ from it.
  const [initial] = useState(() => (mode === 'edit' && product ? productToFormValues(product) : undefined));
  const [values, setValues] = useState<ProductFormValues>(() => initial ?? emptyProductForm());
  const [errors, setErrors] = useState<FieldErrors<keyof ProductFormValues>>({});
  const [fileError, setFileError] = useState('');
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [compressing, setCompressing] = useState(false);
  const [imageToRemove, setImageToRemove] = useState<string | null>(null);
  const [removingImage, setRemovingImage] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Object URLs of the previews are released when the form goes away.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL?.(url);
    };
  }, []);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const toggleColor = (key: string) =>
    set('color', values.color.includes(key) ? values.color.filter((c) => c !== key) : [...values.color, key]);

  async function chooseFiles(list: FileList | null) {
    const files = Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
    if (fileInput.current) fileInput.current.value = '';
    if (files.length === 0) return;
    setFileError('');
    const large = files.some(needsCompression);
    const toastId = large ? toast.loading(t('products.toasts.compressing')) : undefined;
    setCompressing(true);
    const result = await compressImages(files, compressor);
    setCompressing(false);
    if (toastId !== undefined) {
      if (result.failed > 0) {
        toast.update(toastId, {
          render: t('products.toasts.compressFailed'),
          type: 'error',
          isLoading: false,
          autoClose: 3000,
        });
      } else {
        toast.update(toastId, {
          render: t('products.toasts.compressed'),
          type: 'success',
          isLoading: false,
          autoClose: 2000,
        });
      }
    }
    const added = result.files.map((file) => {
      const url = preview(file);
      if (url) previews.current.push(url);
      return { file, preview: url };
    });
    setChosen((current) => [...current, ...added]);
  }

  function removeChosen(index: number) {
    setChosen((current) => current.filter((_, i) => i !== index));
  }

  async function confirmRemoveImage() {
    if (!imageToRemove || !onDeleteImage) return;
    setRemovingImage(true);
    try {
      await onDeleteImage(imageToRemove);
    } finally {
      setRemovingImage(false);
      setImageToRemove(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateProductForm(values);
    let filesProblem = '';
    if (chosen.length > LIMITS.maxImagesPerRequest)
      filesProblem = t('productForm.errors.tooManyImages', { max: LIMITS.maxImagesPerRequest });
    else if (chosen.some(({ file }) => file.size > LIMITS.maxImageBytes))
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
      toProductFormData(values, { files: chosen.map(({ file }) => file), initial }),
    );
    if (failure) setErrors(serverFieldErrors(failure, productFieldOf));
  }

  const priceNumber = Number(numberText(values.price));
  const discountNumber = Number(numberText(values.discountValue));
  const preview_ =
    values.isDiscounted && Number.isFinite(priceNumber) && Number.isFinite(discountNumber)
      ? applyDiscount(priceNumber, { type: values.discountType, value: discountNumber })
      : null;
  const err = (key: keyof ProductFormValues) => fieldErrorText(t, errors[key]);
  const aria = (key: keyof ProductFormValues) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id(key)}-error` } : {};
  const currentImages = product?.productImages ?? [];

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

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('category')} text={t('productForm.category')} error={err('category')} required>
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
        <Field id={id('price')} text={t('productForm.price')} error={err('price')} required>
          <input
            id={id('price')}
            className={input}
            type="text"
            inputMode="numeric"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
            required
            {...aria('price')}
          />
        </Field>
        <Field id={id('stock')} text={t('productForm.stock')} error={err('stock')} required>
          <input
            id={id('stock')}
            className={input}
            type="text"
            inputMode="numeric"
            value={values.stock}
            onChange={(e) => set('stock', e.target.value)}
            required
            {...aria('stock')}
          />
        </Field>
        <Field id={id('status')} text={t('productForm.status')} error={err('status')} required>
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

      <ProductTranslationsSection
        values={values}
        id={id}
        error={err}
        onMainChange={set}
        onTranslationChange={(translations) => set('translations', translations)}
      />

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
              error={err('discountValue')}
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
            <Field id={id('endDate')} text={t('productForm.endDate')} error={err('endDate')}>
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
            {preview_ !== null && (
              <p className="text-sm text-stone-700 sm:col-span-2" data-testid="discount-preview">
                {t('productForm.discountPreview', { price: formatSom(preview_) })}
              </p>
            )}
          </div>
        )}
      </fieldset>

      {mode === 'edit' && (
        <section aria-labelledby={id('current')}>
          <h3 id={id('current')} className={label}>
            {t('productForm.currentImages')}
          </h3>
          {currentImages.length === 0 ? (
            <p className="text-sm text-stone-600">{t('productForm.noImages')}</p>
          ) : (
            <ul className="flex flex-wrap gap-3">
              {currentImages.map((path, index) => (
                <li key={path} className="relative">
                  <ProductImage
                    src={imageUrl(path)}
                    alt={t('productForm.imageAlt', { index: index + 1 })}
                    width={96}
                    height={96}
                    className="h-24 w-24 rounded-md border border-stone-200 object-cover"
                  />
                  <button
                    type="button"
                    className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
                    aria-label={t('productForm.removeImage', { index: index + 1 })}
                    onClick={() => setImageToRemove(path)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <div>
        <label htmlFor={id('images')} className={label}>
          {mode === 'edit' ? t('productForm.addImages') : t('productForm.images')}
        </label>
        <input
          ref={fileInput}
          id={id('images')}
          type="file"
          accept="image/*"
          multiple
          disabled={compressing}
          onChange={(e) => void chooseFiles(e.target.files)}
          className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-800"
        />
        <p className="mt-1 text-xs text-stone-600">
          {t('productForm.imagesHint', { max: LIMITS.maxImagesPerRequest })}
        </p>
        {fileError && <p className={fieldError}>{fileError}</p>}
        {chosen.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-3" aria-label={t('productForm.newImages')}>
            {chosen.map(({ file, preview: url }, index) => (
              <li key={`${file.name}-${index}`} className="relative">
                {url ? (
                  <img
                    src={url}
                    alt={file.name}
                    width={96}
                    height={96}
                    className="h-24 w-24 rounded-md border border-stone-200 object-cover"
                  />
                ) : (
                  <span className="flex h-24 w-24 items-center justify-center rounded-md border border-stone-200 p-1 text-center text-xs break-all">
                    {file.name}
                  </span>
                )}
                <button
                  type="button"
                  className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full bg-stone-800 text-white shadow"
                  aria-label={t('productForm.removeNewImage', { name: file.name })}
                  onClick={() => removeChosen(index)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

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

      <ConfirmDialog
        open={imageToRemove !== null}
        title={t('productForm.removeImageTitle')}
        message={t('productForm.removeImageConfirm')}
        confirmLabel={t('common.delete')}
        busy={removingImage}
        onConfirm={() => void confirmRemoveImage()}
        onCancel={() => setImageToRemove(null)}
      />
    </form>
  );
}
