import {
  optionCodeField,
  productVariantsInputSchema,
  variantInputSchema,
  VARIANT_LIMITS,
  type ProductOption,
  type ProductVariantsInput,
  type VariantValues,
} from '@shop/common';
import type { ProductRow, ProductVariantRow } from '../../db/schema.js';
import {
  NO,
  OPTION_COLUMN_PREFIX,
  optionColumn,
  YES,
  type SheetColumn,
  type SheetRow,
} from './catalogue-sheet.js';
import { planRow, type RowError, type RowPlan } from './sheet-row.js';

/** One row of a product with variants: its cells by column, option columns included. */
export interface VariantLine {
  line: number;
  given: Partial<SheetRow> & Record<string, string>;
}

/** What a product's rows ask for: the product's own fields, then its options and variants (null: as stored). */
export interface VariantGroupPlan {
  productId: string;
  product: RowPlan;
  variants: ProductVariantsInput | null;
  count: { created: number; updated: number; unchanged: number };
  /** The sheet's rows the plan covers. */
  rows: number;
}

/** The columns that are the product's, not a variant's: every row of a product says the same (or nothing). */
const PRODUCT_COLUMNS: readonly SheetColumn[] = [
  'name_uz',
  'name_ru',
  'name_en',
  'description_uz',
  'description_ru',
  'description_en',
  'category',
  'assembly_price',
  'ikpu',
  'package_code',
  'vat_percent',
  'status',
  'images',
];
/** Columns a variant gives, or a product with variants derives: not the product form's. */
const VARIANT_COLUMNS: readonly SheetColumn[] = [
  'sku',
  'product',
  'price',
  'discounted_price',
  'stock',
  'color',
  'made_to_order',
  'lead_days',
];
const FIELD_COLUMN: Record<string, string> = {
  sku: 'sku',
  price: 'price',
  discountedPrice: 'discounted_price',
  stock: 'stock',
  madeToOrder: 'made_to_order',
  leadDays: 'lead_days',
  values: 'sku',
};

const YES_CELLS = new Set([YES, 'true', '1', 'ha']);
const NO_CELLS = new Set([NO, 'false', '0', "yo'q", 'yo‘q']);

/** The option codes a product's rows give values of, in the sheet's column order. */
export const optionColumnsOf = (header: readonly string[]): string[] =>
  header
    .filter((title) => title.startsWith(OPTION_COLUMN_PREFIX))
    .map((title) => title.slice(OPTION_COLUMN_PREFIX.length));

/** A row of a product with variants: one naming a value of some option. */
export const isVariantLine = (given: Record<string, string>, codes: readonly string[]): boolean =>
  codes.some((code) => (given[optionColumn(code)] ?? '') !== '');

/** The options the rows name: the stored ones kept (names, labels, swatches), a new value labelled by its code. */
function optionsOf(
  codes: readonly string[],
  lines: readonly VariantLine[],
  stored: ProductOption[],
): ProductOption[] {
  return codes.map((code) => {
    const known = stored.find((option) => option.code === code);
    const values = [...(known?.values ?? [])];
    for (const { given } of lines) {
      const value = given[optionColumn(code)]!.toLowerCase();
      if (!values.some((existing) => existing.code === value))
        values.push({ code: value, label: { uz: value } });
    }
    return known ? { ...known, values } : { code, name: { uz: code }, values };
  });
}

function flagOf(cell: string, stored: boolean | undefined): boolean | string {
  const text = cell.trim().toLowerCase();
  if (text === '') return stored ?? false;
  return YES_CELLS.has(text) ? true : NO_CELLS.has(text) ? false : cell;
}

/** One variant row as the variant writer's input, or its cells' errors. */
function variantInput(
  { line, given }: VariantLine,
  codes: readonly string[],
  stored: ProductVariantRow | undefined,
  errors: RowError[],
) {
  const fail = (column: string, message: string) => errors.push({ row: line, column, message });
  const values: VariantValues = {};
  for (const code of codes) {
    const value = optionCodeField.safeParse(given[optionColumn(code)] ?? '');
    if (value.success) values[code] = value.data;
    else fail(optionColumn(code), 'Every variant of this product needs a value code here (a-z, 0-9, _ or -)');
  }
  const madeToOrder = flagOf(given.made_to_order ?? '', stored?.madeToOrder);
  if (typeof madeToOrder === 'string') fail('made_to_order', `Expected ${YES} or ${NO}`);
  const leadCell = given.lead_days ?? '';
  const leadDays =
    leadCell === '' ? (stored?.leadDays ?? 0) : /^\d{1,3}$/.test(leadCell) ? Number(leadCell) : NaN;
  if (!(leadDays >= 0 && leadDays <= VARIANT_LIMITS.maxLeadDays))
    fail('lead_days', `Expected whole days from 0 to ${VARIANT_LIMITS.maxLeadDays}`);
  const parsed = variantInputSchema.safeParse({
    _id: stored?.id,
    sku: given.sku,
    values,
    price: given.price ?? '',
    discountedPrice: (given.discounted_price ?? '') === '' ? null : given.discounted_price,
    stock: (given.stock ?? '') === '' ? (stored?.stock ?? 0) : given.stock,
    madeToOrder: madeToOrder === true,
    leadDays: Number.isNaN(leadDays) ? 0 : leadDays,
    status: 'active',
    image: stored?.image ?? undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      fail(FIELD_COLUMN[String(issue.path[0])] ?? 'sku', issue.message);
    return null;
  }
  const { price, discountedPrice } = parsed.data;
  if (discountedPrice != null && discountedPrice >= price)
    fail('discounted_price', 'The discounted price must be below the price');
  return parsed.data;
}

type VariantInput = ProductVariantsInput['variants'][number];

const sameVariant = (input: VariantInput, stored: ProductVariantRow): boolean =>
  stored.status === 'active' &&
  input.sku === stored.sku &&
  JSON.stringify(Object.entries(input.values).sort()) ===
    JSON.stringify(Object.entries(stored.values).sort()) &&
  input.price === stored.price &&
  (input.discountedPrice ?? null) === stored.discountedPrice &&
  input.stock === stored.stock &&
  input.madeToOrder === stored.madeToOrder &&
  input.leadDays === stored.leadDays;

/** The product's fields from its first row; the cells a product with variants derives are left to the writer. */
function productFields(
  lines: readonly VariantLine[],
  stored: ProductRow | undefined,
  images: string | undefined,
  errors: RowError[],
) {
  const first = lines[0]!;
  for (const { line, given } of lines.slice(1))
    for (const column of PRODUCT_COLUMNS) {
      const cell = given[column] ?? '';
      if (cell !== '' && cell !== (first.given[column] ?? ''))
        errors.push({
          row: line,
          column,
          message: `Rows of one product must agree: row ${first.line} says otherwise`,
        });
    }
  const fields: Partial<SheetRow> = Object.fromEntries(
    Object.entries({ ...first.given, images }).filter(
      ([column, cell]) => cell !== undefined && !(VARIANT_COLUMNS as readonly string[]).includes(column),
    ),
  );
  if (stored) return fields;
  // A new product's price and stock until its variants are written: the lowest given price, none in stock.
  const prices = lines
    .map(({ given }) => Number(given.price))
    .filter((price) => Number.isFinite(price) && price > 0);
  return {
    ...fields,
    price: String(prices.length ? Math.min(...prices) : (first.given.price ?? '')),
    stock: '0',
  };
}

/**
 * The rows of one product with variants checked and compared with what is stored: the product's
 * fields by the product form's rules, each row a variant by the variant writer's, and the whole by
 * the rules that tie options and variants together. Active variants the rows leave out are left out
 * of the write (the writer hides or deletes them); hidden ones are sent back hidden.
 */
export function planVariantGroup(
  lines: readonly VariantLine[],
  codes: readonly string[],
  stored: { product: ProductRow; variants: ProductVariantRow[] } | undefined,
  newId: () => string,
  pictures: { cell: string | undefined; added: string[] },
): { plan: VariantGroupPlan } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const first = lines[0]!;
  const used = codes.filter((code) => lines.some(({ given }) => (given[optionColumn(code)] ?? '') !== ''));
  const storedOptions = stored?.product.options ?? [];
  if (
    storedOptions.length &&
    storedOptions
      .map((o) => o.code)
      .sort()
      .join() !== [...used].sort().join()
  )
    errors.push({
      row: first.line,
      column: 'product',
      message: `This product's options are ${storedOptions.map((o) => o.code).join(', ')}: options are added or removed in the product form`,
    });
  const ordered = storedOptions.length ? storedOptions.map((option) => option.code) : used;
  const bySku = new Map(stored?.variants.map((variant) => [variant.sku.toUpperCase(), variant]));
  const inputs = lines.map((line) =>
    variantInput(line, ordered, bySku.get((line.given.sku ?? '').toUpperCase()), errors),
  );
  const fields = productFields(lines, stored?.product, pictures.cell, errors);
  const product = planRow(first.line, fields, stored?.product, newId, pictures.added);
  if ('errors' in product) errors.push(...product.errors);
  if (errors.length || 'errors' in product) return { errors };

  const active = inputs as VariantInput[];
  const kept = new Set(active.map((input) => input._id));
  const hidden = (stored?.variants ?? [])
    .filter((variant) => variant.status === 'hidden' && !kept.has(variant.id))
    .map((variant) => ({ ...variant, _id: variant.id, image: variant.image ?? undefined }));
  const checked = productVariantsInputSchema.safeParse({
    options: optionsOf(ordered, lines, storedOptions),
    variants: [...active, ...hidden],
  });
  if (!checked.success)
    return {
      errors: checked.error.issues.map((issue) => ({
        row: first.line,
        column: 'product',
        message: issue.message,
      })),
    };

  const storedActive = (stored?.variants ?? []).filter((variant) => variant.status === 'active');
  const count = { created: 0, updated: 0, unchanged: 0 };
  active.forEach((input) => {
    const before = bySku.get(input.sku.toUpperCase());
    count[!before ? 'created' : sameVariant(input, before) ? 'unchanged' : 'updated'] += 1;
  });
  const sameOrder = storedActive.map((v) => v.sku).join('\n') === active.map((v) => v.sku).join('\n');
  const variantsChanged = !stored || count.created + count.updated > 0 || !sameOrder || !storedOptions.length;
  const productChanged = product.plan.kind !== 'unchanged';
  if ((variantsChanged || productChanged) && count.created + count.updated === 0) {
    count.unchanged -= 1;
    count.updated += 1;
  }
  const productId = product.plan.kind === 'unchanged' ? stored!.product.id : product.plan.id;
  return {
    plan: {
      productId,
      product: product.plan,
      variants: variantsChanged ? checked.data : null,
      count,
      rows: lines.length,
    },
  };
}
