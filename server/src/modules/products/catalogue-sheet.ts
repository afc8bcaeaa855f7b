import { setImmediate } from 'node:timers/promises';
import { and, asc, eq, gt } from 'drizzle-orm';
import { applyDiscount, sku } from '@shop/common';
import type { Db } from '../../db/client.js';
import { products, type ProductRow } from '../../db/schema.js';
import type { Cell } from '../../plugins/spreadsheet-stream.js';
import { discountOf } from './product-dto.js';

/**
 * The catalogue as a spreadsheet (docs/decisions/038): one row per product, matched by its SKU on
 * import. The export writes exactly what the import reads back, so a file taken out and brought
 * back in changes nothing.
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
  'assembly_price',
  'ikpu',
  'package_code',
  'vat_percent',
  'status',
  'images',
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
export type SheetRow = Record<SheetColumn, string>;

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
    assembly_price: String(row.assemblyPrice),
    ikpu: row.ikpu ?? '',
    package_code: row.packageCode ?? '',
    vat_percent: String(row.vatPercent),
    status: row.status,
    images: row.productImages.map(imageName).join(', '),
  };
}

const NUMBER_COLUMNS = new Set<SheetColumn>([
  'price',
  'discounted_price',
  'stock',
  'assembly_price',
  'vat_percent',
]);

/** Numbers as numbers, so a spreadsheet sums them; codes (ikpu) stay text, keeping leading zeros. */
function cellsOf(row: SheetRow): Cell[] {
  return SHEET_COLUMNS.map((column) =>
    NUMBER_COLUMNS.has(column) && row[column] !== '' ? Number(row[column]) : row[column],
  );
}

/** Every product not deleted, in id order, read in batches so memory stays flat. */
export async function* catalogueRows(db: Db): AsyncGenerator<Cell[]> {
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
    for (const row of page) yield cellsOf(sheetRowOf(row));
    after = page.at(-1)!.id;
  }
}
