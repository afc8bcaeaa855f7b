import {
  applyDiscount,
  productFormSchema,
  type DiscountInput,
  type ProductForm,
  type ProductUpdate,
} from '@shop/common';
import type { ProductRow } from '../../db/schema.js';
import { SHEET_COLUMNS, imageName, sheetRowOf, type SheetColumn, type SheetRow } from './catalogue-sheet.js';
import { discountOf } from './product-dto.js';

export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** What one row asks for: a new product, a change to one, or nothing. */
export type RowPlan =
  | { kind: 'create'; id: string; form: ProductForm }
  | { kind: 'update'; id: string; changes: ProductUpdate }
  | { kind: 'unchanged' };

/** The form's field (a zod issue path) for each column it checks. */
const COLUMN_OF_FIELD: Record<string, SheetColumn> = {
  name: 'name_uz',
  description: 'description_uz',
  'translations.ru.name': 'name_ru',
  'translations.ru.description': 'description_ru',
  'translations.en.name': 'name_en',
  'translations.en.description': 'description_en',
  category: 'category',
  color: 'color',
  price: 'price',
  stock: 'stock',
  assemblyPrice: 'assembly_price',
  ikpu: 'ikpu',
  packageCode: 'package_code',
  vatPercent: 'vat_percent',
  status: 'status',
  discounts: 'discounted_price',
};

function columnOf(path: readonly PropertyKey[]): string {
  for (let length = path.length; length > 0; length -= 1) {
    const column = COLUMN_OF_FIELD[path.slice(0, length).join('.')];
    if (column) return column;
  }
  return String(path[0] ?? 'sku');
}

const KEPT_WHEN_BLANK: readonly SheetColumn[] = ['stock', 'assembly_price', 'vat_percent', 'status'];

/** Blank number cells of a new product take the form's defaults. */
const blankAsDefault = (cell: string): string | undefined => (cell === '' ? undefined : cell);

/**
 * The discount a `discounted_price` asks for: none when blank; the stored one when it still gives
 * that price (a percentage stays a percentage); otherwise a fixed amount off, keeping stored dates.
 */
function discountFor(
  cell: string,
  price: number,
  stored: ProductRow | undefined,
): { discount: DiscountInput | null } | { error: string } {
  if (cell === '') return { discount: null };
  const wanted = Number(cell.replace(/\s/g, ''));
  if (!Number.isInteger(wanted) || wanted < 0) return { error: 'Expected a whole number of so‘m' };
  if (wanted >= price) return { error: 'The discounted price must be below the price' };
  const current = stored && stored.isDiscounted ? discountOf(stored) : null;
  if (current && applyDiscount(price, current) === wanted) return { discount: current };
  return {
    discount: {
      type: 'fixed',
      value: price - wanted,
      startDate: current?.startDate ?? null,
      endDate: current?.endDate ?? null,
    },
  };
}

/** The sheet's cells as the staff product form's fields, for the form's own rules to check. */
function formFields(cells: SheetRow, stored: ProductRow | undefined) {
  return {
    name: cells.name_uz,
    description: cells.description_uz,
    translations: {
      ru: { name: cells.name_ru, description: cells.description_ru },
      en: { name: cells.name_en, description: cells.description_en },
    },
    category: cells.category,
    color: cells.color,
    price: cells.price,
    stock: blankAsDefault(cells.stock),
    assemblyPrice: blankAsDefault(cells.assembly_price),
    ikpu: cells.ikpu,
    packageCode: cells.package_code,
    vatPercent: blankAsDefault(cells.vat_percent),
    status: blankAsDefault(cells.status),
    isNewProduct: stored?.isNewProduct ?? false,
  };
}

const sameDiscount = (a: DiscountInput | null, b: DiscountInput | null): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** The fields of `form` that differ from the stored product: an empty object when none do. */
function changesOf(form: ProductForm, stored: ProductRow): ProductUpdate {
  const text = (language: 'ru' | 'en', field: 'name' | 'description') =>
    (form.translations?.[language]?.[field] ?? '') !== (stored.translations[language]?.[field] ?? '');
  const changes: ProductUpdate = {};
  const plain = [
    ['name', stored.name],
    ['description', stored.description],
    ['price', stored.price],
    ['assemblyPrice', stored.assemblyPrice],
    ['category', stored.category],
    ['stock', stored.stock],
    ['status', stored.status],
    ['ikpu', stored.ikpu],
    ['packageCode', stored.packageCode],
    ['vatPercent', stored.vatPercent],
  ] as const;
  for (const [field, before] of plain) {
    if (form[field] !== undefined && form[field] !== before) Object.assign(changes, { [field]: form[field] });
  }
  if (form.color.join('\n') !== stored.color.join('\n')) changes.color = form.color;
  if (text('ru', 'name') || text('ru', 'description') || text('en', 'name') || text('en', 'description')) {
    changes.translations = form.translations;
  }
  const discount = form.isDiscounted ? (form.discounts ?? null) : null;
  const storedDiscount = stored.isDiscounted ? discountOf(stored) : null;
  if (!sameDiscount(discount, storedDiscount)) {
    changes.isDiscounted = discount !== null;
    changes.discounts = discount;
  }
  return changes;
}

/**
 * One data row checked and compared: the product form's rules for every field, the sheet's own
 * for sku, product and images. `stored` is the product its sku names, if any; `added`, the stored
 * names of the pictures a zip brings, which the `images` cell lists after the stored ones.
 */
export function planRow(
  line: number,
  given: Partial<SheetRow>,
  stored: ProductRow | undefined,
  newId: () => string,
  added: readonly string[] = [],
): { plan: RowPlan } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const fail = (column: string, message: string) => errors.push({ row: line, column, message });
  // A column the sheet leaves out keeps the stored value (a new product: blank, so the default).
  const blank = Object.fromEntries(SHEET_COLUMNS.map((column) => [column, ''])) as SheetRow;
  const kept = stored ? sheetRowOf(stored) : blank;
  const cells: SheetRow = { ...kept, ...given };
  // A blank number or status keeps the stored one (a new product: the form's default).
  for (const column of KEPT_WHEN_BLANK) if (cells[column] === '') cells[column] = kept[column];

  if (given.product && given.product !== stored?.id) {
    fail('product', stored ? 'This is not the product of this sku' : 'Leave blank for a new product');
  }
  const images = [...(stored ? stored.productImages.map(imageName) : []), ...added].join(', ');
  if ((given.images ?? images).replace(/\s/g, '') !== images.replace(/\s/g, '')) {
    fail(
      'images',
      'Keep the stored pictures as exported; new ones come after them, from the zip’s images folder',
    );
  }
  const parsed = productFormSchema.safeParse(formFields(cells, stored));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(columnOf(issue.path), issue.message);
  }
  // The price alone, so a bad discounted price is reported beside other cells' errors.
  const price = productFormSchema.shape.price.safeParse(cells.price);
  const discount = price.success ? discountFor(cells.discounted_price, price.data, stored) : null;
  if (discount && 'error' in discount) fail('discounted_price', discount.error);
  if (errors.length || !parsed.success || !discount || 'error' in discount) return { errors };

  const form: ProductForm = {
    ...parsed.data,
    isDiscounted: discount.discount !== null,
    discounts: discount.discount,
  };
  if (!stored) return { plan: { kind: 'create', id: newId(), form } };
  const changes = changesOf(form, stored);
  return Object.keys(changes).length
    ? { plan: { kind: 'update', id: stored.id, changes } }
    : { plan: { kind: 'unchanged' } };
}
