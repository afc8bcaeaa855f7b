import { setImmediate } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { applyDiscount, sku } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { products, productVariants, type ProductRow, type ProductVariantRow } from '../../db/schema.js';
import type { Cell } from '../../plugins/spreadsheet-stream.js';
import { discountOf } from './product-dto.js';

/**
 * The catalogue as a spreadsheet (docs/decisions/038): one row per product without variants and one
 * per active variant, matched by SKU on import. The export writes exactly what the import reads
 * back, so a file taken out and brought back in changes nothing. Besides these fixed columns the
 * sheet has an `option_<code>` column for each option code in the catalogue, holding value codes.
 */
export const SHEET_COLUMNS = [
  'sku',
  'product',
  'name_uz',
  'name_ru',
  'name_en',
  'description_uz',
  'description_ru',
  'description_en',
  'category',
  'color',
  'price',
  'discounted_price',
  'stock',
  'made_to_order',
  'lead_days',
  'assembly_price',
  'ikpu',
  'package_code',
  'vat_percent',
  'status',
  'images',
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
export type SheetRow = Record<SheetColumn, string>;

/** An option's column: `option_size` holds each variant's value code of the option `size`. */
export const OPTION_COLUMN_PREFIX = 'option_';
export const optionColumn = (code: string): string => `${OPTION_COLUMN_PREFIX}${code}`;
/** The cells of `made_to_order`; the import also takes true/false and 1/0. */
export const YES = 'yes';
export const NO = 'no';

export const SHEET_NAME = 'products';
const BATCH = 500;

/** A picture's file name, as the sheet lists it: the stored path without its folders. */
export const imageName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The price after the stored discount, whatever its dates: the sheet keeps a scheduled one too. */
export function storedDiscountedPrice(row: ProductRow): number | null {
  const discount = discountOf(row);
  return row.isDiscounted && discount ? applyDiscount(row.price, discount) : null;
}

/** A stored product as the sheet shows it. */
export function sheetRowOf(row: ProductRow): SheetRow {
  const discounted = storedDiscountedPrice(row);
  const { ru, en } = row.translations;
  return {
    sku: sku(row.id),
    product: row.id,
    name_uz: row.name,
    name_ru: ru?.name ?? '',
    name_en: en?.name ?? '',
    description_uz: row.description,
    description_ru: ru?.description ?? '',
    description_en: en?.description ?? '',
    category: row.category,
    color: row.color.join(', '),
    price: String(row.price),
    discounted_price: discounted === null ? '' : String(discounted),
    stock: String(row.stock),
    made_to_order: '',
    lead_days: '',
    assembly_price: String(row.assemblyPrice),
    ikpu: row.ikpu ?? '',
    package_code: row.packageCode ?? '',
    vat_percent: String(row.vatPercent),
    status: row.status,
    images: row.productImages.map(imageName).join(', '),
  };
}

/**
 * A variant's row: the product's own columns, then the variant's SKU, price, own sale price, stock
 * and making; `color` is blank, since the colour option gives a product with variants its colours.
 */
export function variantSheetRow(product: ProductRow, variant: ProductVariantRow): SheetRow {
  return {
    ...sheetRowOf(product),
    sku: variant.sku,
    color: '',
    price: String(variant.price),
    discounted_price: variant.discountedPrice === null ? '' : String(variant.discountedPrice),
    stock: String(variant.stock),
    made_to_order: variant.madeToOrder ? YES : NO,
    lead_days: String(variant.leadDays),
  };
}

const NUMBER_COLUMNS = new Set<string>([
  'price',
  'discounted_price',
  'stock',
  'lead_days',
  'assembly_price',
  'vat_percent',
]);

/** Numbers as numbers, so a spreadsheet sums them; codes (ikpu) stay text, keeping leading zeros. */
function cellsOf(header: readonly string[], row: Record<string, string>): Cell[] {
  return header.map((column) => {
    const cell = row[column] ?? '';
    return NUMBER_COLUMNS.has(column) && cell !== '' ? Number(cell) : cell;
  });
}

/** The stored variants of some products, in the back office's order (`active` only, if asked). */
export async function variantsOf(
  executor: Db | Tx,
  productIds: readonly string[],
  activeOnly: boolean,
): Promise<Map<string, ProductVariantRow[]>> {
  const byProduct = new Map<string, ProductVariantRow[]>();
  for (let start = 0; start < productIds.length; start += 1000) {
    const ids = productIds.slice(start, start + 1000);
    const rows = await executor
      .select()
      .from(productVariants)
      .where(
        and(
          inArray(productVariants.productId, ids),
          activeOnly ? eq(productVariants.status, 'active') : undefined,
        ),
      )
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
    for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  }
  return byProduct;
}

/** Every option code of the products not deleted, alphabetically: the sheet's option columns. */
async function optionCodes(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct option ->> 'code' as code
      from ${products}, jsonb_array_elements(${products.options}) as option
     where not ${products.isDeleted}
     order by 1`);
  return (result as unknown as { rows: { code: string }[] }).rows.map((row) => row.code);
}

/** The sheet's header: the fixed columns, the option columns after `category`. */
export async function catalogueHeader(db: Db): Promise<string[]> {
  const options = (await optionCodes(db)).map(optionColumn);
  const at = SHEET_COLUMNS.indexOf('category') + 1;
  return [...SHEET_COLUMNS.slice(0, at), ...options, ...SHEET_COLUMNS.slice(at)];
}

/** Every product not deleted, in id order, read in batches so memory stays flat: a row per variant. */
export async function* catalogueRows(db: Db, header: readonly string[]): AsyncGenerator<Cell[]> {
  let after: string | undefined;
  for (;;) {
    // PGlite answers without the event loop turning: let written rows leave before the next batch.
    await setImmediate();
    const page = await db
      .select()
      .from(products)
      .where(and(eq(products.isDeleted, false), after === undefined ? undefined : gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (page.length === 0) return;
    const withOptions = page.filter((row) => row.options.length > 0).map((row) => row.id);
    const variants = await variantsOf(db, withOptions, true);
    for (const row of page) {
      if (row.options.length === 0) yield cellsOf(header, sheetRowOf(row));
      for (const variant of variants.get(row.id) ?? []) {
        const options = Object.entries(variant.values).map(([code, value]) => [optionColumn(code), value]);
        yield cellsOf(header, { ...variantSheetRow(row, variant), ...Object.fromEntries(options) });
      }
    }
    after = page.at(-1)!.id;
  }
}
