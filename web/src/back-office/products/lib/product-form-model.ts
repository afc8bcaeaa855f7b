import {
  CATEGORIES,
  PRODUCT_STATUSES,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
  type Category,
  type DiscountType,
  type Product,
  type ProductStatus,
  productFormSchema,
  shiftShopDay,
  shopDay,
  shopDayOf,
} from '@shop/common';
import { validateWith, type FieldErrors, type FieldWording } from '../../../lib/form-errors';
import type { AdminKey } from '../../../lib/translate';

/** What the staff product form holds: numbers stay text, as the inputs give them. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  /** So'm per unit; 0 = no assembly offered. */
  assemblyPrice: string;
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
  /** Russian and English name and description; empty means "show the Uzbek text" (decision 012). */
  translations: Record<TranslatedLanguage, { name: string; description: string }>;
  /** The fiscal receipt's codes (decision 023); empty = not known yet (the product is cash only). */
  ikpu: string;
  packageCode: string;
  /** '' on a new product: the shop's VAT_PERCENT. */
  vatPercent: '' | '0' | '12';
}

const noTranslations = (): ProductFormValues['translations'] => ({
  ru: { name: '', description: '' },
  en: { name: '', description: '' },
});

/** The defaults of a new product. */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    price: '0',
    assemblyPrice: '0',
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
    translations: noTranslations(),
    ikpu: '',
    packageCode: '',
    vatPercent: '',
  };
}

export const DISCOUNT_DEFAULT_DAYS = 7;

/** Editing: the product's values; missing discount dates default to today and today + 7 days. */
export function productToFormValues(product: Product, now: Date = new Date()): ProductFormValues {
  const discount = product.discounts;
  // Dates are Tashkent days, whatever the browser's zone: the server reads a plain date as one.
  const start = shopDayOf(discount?.startDate);
  const end = shopDayOf(discount?.endDate);
  const today = shopDay(now);
  return {
    name: product.name,
    description: product.description,
    price: String(product.price ?? 0),
    assemblyPrice: String(product.assemblyPrice ?? 0),
    category: (CATEGORIES as readonly string[]).includes(product.category) ? product.category : 'school',
    stock: String(product.stock ?? 0),
    color: Array.isArray(product.color) ? [...product.color] : [],
    status: (PRODUCT_STATUSES as readonly string[]).includes(product.status) ? product.status : 'active',
    isDiscounted: Boolean(product.isDiscounted),
    isNewProduct: Boolean(product.isNewProduct),
    discountType: discount?.type ?? 'percentage',
    discountValue: String(discount?.value ?? 0),
    startDate: start || today,
    endDate: end || shiftShopDay(today, DISCOUNT_DEFAULT_DAYS),
    translations: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => [
        language,
        {
          name: product.translations?.[language]?.name ?? '',
          description: product.translations?.[language]?.description ?? '',
        },
      ]),
    ) as ProductFormValues['translations'],
    ikpu: product.ikpu ?? '',
    packageCode: product.packageCode ?? '',
    vatPercent: product.vatPercent === 0 ? '0' : '12',
  };
}

/** The form field a schema issue or a server error path names (`discounts.value` → discountValue). */
const DISCOUNT_FIELDS: Record<string, keyof ProductFormValues> = {
  type: 'discountType',
  value: 'discountValue',
  startDate: 'startDate',
  endDate: 'endDate',
};
export function productFieldOf(path: readonly PropertyKey[]): keyof ProductFormValues | undefined {
  const [first, second] = path.map(String);
  if (first === 'discounts') return DISCOUNT_FIELDS[second ?? 'value'] ?? 'discountValue';
  return first && first in PRODUCT_FORM_WORDING ? (first as keyof ProductFormValues) : undefined;
}

/** The form's words for each field and kind of problem (`admin` namespace). */
export const PRODUCT_FORM_WORDING: FieldWording<keyof ProductFormValues, AdminKey> = {
  name: { required: 'productForm.errors.nameRequired' },
  description: { required: 'productForm.errors.descriptionRequired' },
  price: { number: 'productForm.errors.priceInvalid', tooSmall: 'productForm.errors.priceInvalid' },
  assemblyPrice: {
    number: 'productForm.errors.assemblyPriceInvalid',
    tooSmall: 'productForm.errors.assemblyPriceInvalid',
  },
  stock: {
    number: 'productForm.errors.stockInvalid',
    tooSmall: 'productForm.errors.stockInvalid',
    invalid: 'productForm.errors.stockInvalid',
  },
  category: { choose: 'productForm.errors.categoryRequired' },
  status: { choose: 'productForm.errors.statusRequired' },
  color: {},
  isDiscounted: {},
  isNewProduct: {},
  discountType: {},
  discountValue: {
    number: 'productForm.errors.discountValueInvalid',
    tooSmall: 'productForm.errors.discountValueInvalid',
    percentMax: 'productForm.errors.percentMax',
  },
  startDate: {},
  endDate: { endBeforeStart: 'productForm.errors.endBeforeStart' },
  translations: {},
  ikpu: { format: 'productForm.errors.ikpuFormat', choose: 'productForm.errors.ikpuFormat' },
  packageCode: {
    format: 'productForm.errors.packageCodeFormat',
    choose: 'productForm.errors.packageCodeFormat',
  },
  vatPercent: { choose: 'productForm.errors.vatPercent', number: 'productForm.errors.vatPercent' },
};

/** Checks the form with the server's own product schema, on the fields as they will be sent. */
export function validateProductForm(
  values: ProductFormValues,
): FieldErrors<keyof ProductFormValues, AdminKey> {
  const fields = Object.fromEntries([...fieldTexts(values), ...discountTexts(values)]);
  const checked = validateWith(productFormSchema, fields, PRODUCT_FORM_WORDING, productFieldOf);
  return checked.ok ? {} : checked.errors;
}

/** Prices, stock and discount value: empty becomes "0"; a decimal comma is read as a point. */
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

/** The text fields of the form as the server reads them. */
function fieldTexts(values: ProductFormValues): [string, string][] {
  return [
    ['name', values.name.trim()],
    ['description', values.description.trim()],
    ['price', numberText(values.price)],
    ['assemblyPrice', numberText(values.assemblyPrice)],
    ['category', values.category],
    ['stock', numberText(values.stock)],
    ['color', values.color.join(',')],
    ['status', values.status],
    ['isNewProduct', String(values.isNewProduct)],
    ['ikpu', values.ikpu.trim()],
    ['packageCode', values.packageCode.trim()],
    ...(values.vatPercent ? [['vatPercent', values.vatPercent] as [string, string]] : []),
    // Every language and field is sent; an empty one tells the server to drop that translation.
    [
      'translations',
      JSON.stringify(
        Object.fromEntries(
          TRANSLATED_LANGUAGES.map((language) => [
            language,
            {
              name: values.translations[language].name.trim(),
              description: values.translations[language].description.trim(),
            },
          ]),
        ),
      ),
    ],
  ];
}

/** The discount switch and its details as sent; the details go only with the switch on. */
function discountTexts(values: ProductFormValues): [string, string][] {
  const texts: [string, string][] = [['isDiscounted', String(values.isDiscounted)]];
  if (values.isDiscounted) {
    texts.push([
      'discounts',
      JSON.stringify({
        type: values.discountType,
        value: numberText(values.discountValue),
        // Plain days: the server starts and ends the discount with the whole Tashkent day.
        startDate: values.startDate || null,
        endDate: values.endDate || null,
      }),
    ]);
  }
  return texts;
}

/** The multipart body of POST/PATCH /api/products. */
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
