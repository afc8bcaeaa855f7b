import {
  CATEGORIES,
  PRODUCT_STATUSES,
  type Category,
  type DiscountType,
  type Product,
  type ProductStatus,
} from '@shop/common';
import { addDays, dayEndIso, dayStartIso, isoToDayInput, toDayInput } from '../../lib/dates';

/** What the staff product form holds: numbers stay text, as the inputs give them (spec §5). */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  category: Category;
  stock: string;
  color: string[];
  status: ProductStatus;
  isDiscounted: boolean;
  isNewProduct: boolean;
  discountType: DiscountType;
  discountValue: string;
  startDate: string;
  endDate: string;
}

/** New-product defaults of spec §3. */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    price: '0',
    category: 'school',
    stock: '0',
    color: [],
    status: 'active',
    isDiscounted: false,
    isNewProduct: false,
    discountType: 'percentage',
    discountValue: '0',
    startDate: '',
    endDate: '',
  };
}

export const DISCOUNT_DEFAULT_DAYS = 7;

/** Editing: the product's values; missing discount dates default to today and today + 7 days (spec §5). */
export function productToFormValues(product: Product, now: Date = new Date()): ProductFormValues {
  const discount = product.discounts;
  const start = isoToDayInput(discount?.startDate);
  const end = isoToDayInput(discount?.endDate);
  return {
    name: product.name,
    description: product.description,
    price: String(product.price ?? 0),
    category: (CATEGORIES as readonly string[]).includes(product.category) ? product.category : 'school',
    stock: String(product.stock ?? 0),
    color: Array.isArray(product.color) ? [...product.color] : [],
    status: (PRODUCT_STATUSES as readonly string[]).includes(product.status) ? product.status : 'active',
    isDiscounted: Boolean(product.isDiscounted),
    isNewProduct: Boolean(product.isNewProduct),
    discountType: discount?.type ?? 'percentage',
    discountValue: String(discount?.value ?? 0),
    startDate: start || toDayInput(now),
    endDate: end || toDayInput(addDays(now, DISCOUNT_DEFAULT_DAYS)),
  };
}

/** Error keys in the `admin` namespace, by field. */
export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

const NUMBER_TEXT = /^\s*\d+(?:[.,]\d+)?\s*$/;

export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (!values.name.trim()) errors.name = 'productForm.errors.nameRequired';
  if (!values.description.trim()) errors.description = 'productForm.errors.descriptionRequired';
  if (values.price.trim() !== '' && !NUMBER_TEXT.test(values.price))
    errors.price = 'productForm.errors.priceInvalid';
  if (values.stock.trim() !== '' && !/^\s*\d+\s*$/.test(values.stock))
    errors.stock = 'productForm.errors.stockInvalid';
  if (!CATEGORIES.includes(values.category)) errors.category = 'productForm.errors.categoryRequired';
  if (!PRODUCT_STATUSES.includes(values.status)) errors.status = 'productForm.errors.statusRequired';
  if (values.isDiscounted) {
    const value = values.discountValue.trim();
    if (value !== '' && !NUMBER_TEXT.test(value)) {
      errors.discountValue = 'productForm.errors.discountValueInvalid';
    } else if (values.discountType === 'percentage' && Number(value.replace(',', '.') || '0') > 100) {
      errors.discountValue = 'productForm.errors.percentMax';
    }
    if (values.startDate && values.endDate && values.startDate > values.endDate) {
      errors.endDate = 'productForm.errors.endBeforeStart';
    }
  }
  return errors;
}

/** Price, stock and discount value: empty becomes "0" (spec §5); a decimal comma is read as a point. */
export function numberText(raw: string): string {
  const text = raw.trim().replace(',', '.');
  return text === '' ? '0' : text;
}

export interface ProductFormPayloadOptions {
  /** Files to upload (already compressed). */
  files?: readonly File[];
  /** Edit only: stored image paths to remove on save. */
  imagesToDelete?: readonly string[];
  /**
   * Edit only: the values the form opened with. Fields left as they were are not sent, so a save
   * never writes back a stock level (or anything else) that orders changed meanwhile.
   */
  initial?: ProductFormValues;
}

/** The text fields of the form as the server reads them (spec §7). */
function fieldTexts(values: ProductFormValues): [string, string][] {
  return [
    ['name', values.name.trim()],
    ['description', values.description.trim()],
    ['price', numberText(values.price)],
    ['category', values.category],
    ['stock', numberText(values.stock)],
    ['color', values.color.join(',')],
    ['status', values.status],
    ['isNewProduct', String(values.isNewProduct)],
  ];
}

/** The discount switch and its details as sent; the details go only with the switch on (spec §5). */
function discountTexts(values: ProductFormValues): [string, string][] {
  const texts: [string, string][] = [['isDiscounted', String(values.isDiscounted)]];
  if (values.isDiscounted) {
    texts.push([
      'discounts',
      JSON.stringify({
        type: values.discountType,
        value: numberText(values.discountValue),
        startDate: values.startDate ? dayStartIso(values.startDate) : null,
        endDate: values.endDate ? dayEndIso(values.endDate) : null,
      }),
    ]);
  }
  return texts;
}

/** The multipart body of POST/PATCH /api/products (spec §7). */
export function toProductFormData(
  values: ProductFormValues,
  options: ProductFormPayloadOptions = {},
): FormData {
  const form = new FormData();
  const { initial } = options;
  const before = initial ? new Map(fieldTexts(initial)) : undefined;
  for (const [name, text] of fieldTexts(values)) {
    if (before?.get(name) !== text) form.append(name, text);
  }
  const discount = discountTexts(values);
  if (!initial || JSON.stringify(discount) !== JSON.stringify(discountTexts(initial))) {
    for (const [name, text] of discount) form.append(name, text);
  }
  if (options.imagesToDelete && options.imagesToDelete.length > 0) {
    form.append('imagesToDelete', JSON.stringify(options.imagesToDelete));
  }
  for (const file of options.files ?? []) form.append('productImages', file, file.name);
  return form;
}
