import {
  SKU_PATTERN,
  optionCombinations,
  sku as productSku,
  type Product,
  type ProductOption,
  type VariantStatus,
  type VariantValues,
} from '@shop/common';

/** Text in the three languages as the inputs hold it; empty ru/en fall back to uz when shown. */
export interface LabelDraft {
  uz: string;
  ru: string;
  en: string;
}

export interface ValueDraft {
  key: string;
  code: string;
  label: LabelDraft;
  /** A `#rrggbb` colour, a picture index kept as it came, or none. */
  swatch?: string | number;
}

export interface OptionDraft {
  key: string;
  code: string;
  name: LabelDraft;
  values: ValueDraft[];
}

/** One row of the variant table: numbers as typed, checked before saving. */
export interface VariantDraft {
  key: string;
  _id?: string;
  sku: string;
  values: VariantValues;
  price: string;
  discountedPrice: string;
  stock: string;
  madeToOrder: boolean;
  leadDays: string;
  status: VariantStatus;
  image: string;
}

export interface VariantsDraft {
  options: OptionDraft[];
  variants: VariantDraft[];
}

/** Options whose values are shown as swatches in the shop, so they get a colour picker. */
export const SWATCH_OPTION_CODES = ['colour', 'material'];

let lastKey = 0;
/** React keys for rows that move and are added before they have a code. */
export const newKey = (): string => `k${++lastKey}`;

const labelDraft = (label: { uz: string; ru?: string; en?: string }): LabelDraft => ({
  uz: label.uz,
  ru: label.ru ?? '',
  en: label.en ?? '',
});

export const emptyLabel = (): LabelDraft => ({ uz: '', ru: '', en: '' });
export const emptyValue = (): ValueDraft => ({ key: newKey(), code: '', label: emptyLabel() });
export const emptyOption = (): OptionDraft => ({
  key: newKey(),
  code: '',
  name: emptyLabel(),
  values: [emptyValue()],
});

export function draftFromProduct(product: Pick<Product, 'options' | 'variants'>): VariantsDraft {
  return {
    options: product.options.map((option) => ({
      key: newKey(),
      code: option.code,
      name: labelDraft(option.name),
      values: option.values.map((value) => ({
        key: newKey(),
        code: value.code,
        label: labelDraft(value.label),
        swatch: value.swatch,
      })),
    })),
    variants: product.variants.map((variant) => ({
      key: newKey(),
      _id: variant._id,
      sku: variant.sku,
      values: { ...variant.values },
      price: String(variant.price),
      // The stored variant answers the price paid now; only its own sale price is edited here.
      discountedPrice:
        variant.discountedPrice != null && variant.discountedPrice < variant.price
          ? String(variant.discountedPrice)
          : '',
      stock: String(variant.stock),
      madeToOrder: variant.madeToOrder,
      leadDays: String(variant.leadDays),
      status: variant.status,
      image: variant.image === undefined ? '' : String(variant.image),
    })),
  };
}

const labelInput = (label: LabelDraft) => ({
  uz: label.uz.trim(),
  ...(label.ru.trim() ? { ru: label.ru.trim() } : {}),
  ...(label.en.trim() ? { en: label.en.trim() } : {}),
});

export function optionsInput(options: readonly OptionDraft[]): ProductOption[] {
  return options.map((option) => ({
    code: option.code.trim().toLowerCase(),
    name: labelInput(option.name),
    values: option.values.map((value) => ({
      code: value.code.trim().toLowerCase(),
      label: labelInput(value.label),
      ...(value.swatch !== undefined && value.swatch !== '' ? { swatch: value.swatch } : {}),
    })),
  }));
}

/** What the server is sent for a row: numbers stay text here, the schema parses them. */
export function variantInput(row: VariantDraft): Record<string, unknown> {
  return {
    ...(row._id ? { _id: row._id } : {}),
    sku: row.sku.trim(),
    values: row.values,
    price: row.price.trim(),
    discountedPrice: row.discountedPrice.trim() === '' ? null : row.discountedPrice.trim(),
    stock: row.stock.trim(),
    madeToOrder: row.madeToOrder,
    leadDays: row.leadDays.trim() === '' ? 0 : Number(row.leadDays.trim()),
    status: row.status,
    ...(row.image.trim() === '' ? {} : { image: Number(row.image.trim()) }),
  };
}

const sameValues = (a: VariantValues, b: VariantValues, codes: readonly string[]) =>
  codes.every((code) => a[code] === b[code]);

/**
 * Every combination of the options' values as a row. A row already there for a combination keeps
 * its id, SKU, price and stock; when an option was added, an old row carries on as the first
 * combination that agrees with the values it has. Rows of removed values are left out.
 */
export function generateVariants(
  options: readonly ProductOption[],
  rows: readonly VariantDraft[],
  template: Pick<VariantDraft, 'price' | 'stock'>,
): VariantDraft[] {
  const codes = options.map((option) => option.code);
  const combinations = optionCombinations(options);
  const used = new Set<string>();
  const exact = combinations.map((values) => {
    const row = rows.find((known) => !used.has(known.key) && sameValues(known.values, values, codes));
    if (row) used.add(row.key);
    return row;
  });
  return combinations.map((values, index) => {
    const kept =
      exact[index] ??
      rows.find(
        (known) =>
          !used.has(known.key) &&
          Object.entries(known.values).every(
            ([code, value]) => !codes.includes(code) || values[code] === value,
          ),
      );
    if (kept) {
      used.add(kept.key);
      return { ...kept, values };
    }
    return {
      key: newKey(),
      sku: '',
      values,
      price: template.price,
      discountedPrice: '',
      stock: template.stock,
      madeToOrder: false,
      leadDays: '0',
      status: 'active' as const,
      image: '',
    };
  });
}

/** The product's SKU and the values' codes: `A1B2C3D4-140-OAK`, cut to what a SKU may hold. */
export function suggestSku(
  productId: string,
  options: readonly ProductOption[],
  values: VariantValues,
): string {
  const parts = [productSku(productId), ...options.map((option) => values[option.code] ?? '')];
  const text = parts
    .filter(Boolean)
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._\-/]/g, '-')
    .slice(0, 40);
  return SKU_PATTERN.test(text) ? text : productSku(productId);
}

/** Fills the SKU of every row that has none. */
export const fillSkus = (
  productId: string,
  options: readonly ProductOption[],
  rows: readonly VariantDraft[],
) => rows.map((row) => (row.sku.trim() ? row : { ...row, sku: suggestSku(productId, options, row.values) }));

export type BulkPatch = Partial<Pick<VariantDraft, 'price' | 'stock' | 'leadDays' | 'madeToOrder'>>;

export const bulkSet = (rows: readonly VariantDraft[], selected: ReadonlySet<string>, patch: BulkPatch) =>
  rows.map((row) => (selected.has(row.key) ? { ...row, ...patch } : row));
