import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { activeDiscountedPrice, type Product, type ProductVariant, type VariantValues } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { productVariants, products, type ProductRow, type ProductVariantRow } from '../../db/schema.js';
import { discountOf } from './product-dto.js';

type PricedRow = Pick<
  ProductRow,
  'isDiscounted' | 'discountType' | 'discountValue' | 'discountStart' | 'discountEnd'
>;

/**
 * The price a variant sells at now: its own sale price while set (and below its price), else the
 * product's running discount applied to the variant's price, by the same rule as a plain product.
 */
export function variantDiscountedPrice(
  variant: Pick<ProductVariantRow, 'price' | 'discountedPrice'>,
  product: PricedRow,
  now: Date,
): number | null {
  if (variant.discountedPrice !== null && variant.discountedPrice < variant.price)
    return variant.discountedPrice;
  return activeDiscountedPrice(
    { price: variant.price, isDiscounted: product.isDiscounted, discounts: discountOf(product) },
    now,
  );
}

export function toVariantDto(row: ProductVariantRow, product: PricedRow, now: Date): ProductVariant {
  return {
    _id: row.id,
    sku: row.sku,
    values: row.values,
    price: row.price,
    discountedPrice: variantDiscountedPrice(row, product, now),
    stock: row.stock,
    madeToOrder: row.madeToOrder,
    leadDays: row.leadDays,
    status: row.status,
    ...(row.image !== null && { image: row.image }),
  };
}

/** Every variant of these products in one read, in the back office's order. */
export async function variantRowsOf(
  db: Db | Tx,
  productIds: readonly string[],
  activeOnly: boolean,
): Promise<Map<string, ProductVariantRow[]>> {
  const byProduct = new Map<string, ProductVariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.productId, [...new Set(productIds)]),
        activeOnly ? eq(productVariants.status, 'active') : undefined,
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/**
 * The products' variants for their readers: shoppers see active ones, staff all. A product
 * without options (plain again after having variants) shows none, whatever rows its orders keep.
 */
export async function withVariants(
  db: Db | Tx,
  rows: readonly ProductRow[],
  asStaff: boolean,
  toDto: (row: ProductRow, variants: Product['variants']) => Product,
  now: Date = new Date(),
): Promise<Product[]> {
  const withOptions = rows.filter((row) => row.options.length > 0).map((row) => row.id);
  const variants = await variantRowsOf(db, withOptions, !asStaff);
  return rows.map((row) =>
    toDto(
      row,
      row.options.length > 0
        ? (variants.get(row.id) ?? []).map((variant) => toVariantDto(variant, row, now))
        : [],
    ),
  );
}

/** Products having an active variant with all these option values (served by the values' GIN index). */
export function hasActiveVariantWith(values: VariantValues): SQL {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}
    and ${productVariants.status} = 'active' and ${productVariants.values} @> ${JSON.stringify(values)}::jsonb)`;
}

const SKU_LIKE = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,39}$/;
const PLAIN_SKU = /^[0-9a-fA-F]{8}$/;

/**
 * A search that is a SKU, exactly (any case): a variant's, or a plain product's first 8 hex of its
 * id. Null when the text cannot be one or names none. The variant's product is looked up first, so
 * the listing's condition stays one the indexes serve (an `exists` beside the words' trigram
 * condition made PostgreSQL read every product).
 */
export async function matchesSku(db: Db, search: string): Promise<SQL | null> {
  const text = search.trim();
  if (!SKU_LIKE.test(text)) return null;
  const found = await db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(
      and(sql`upper(${productVariants.sku}) = ${text.toUpperCase()}`, eq(productVariants.status, 'active')),
    );
  const byVariant =
    found.length > 0
      ? inArray(
          products.id,
          found.map((row) => row.productId),
        )
      : undefined;
  // Ids are lower-case hex: those starting with the SKU sort between it and it + 'z'.
  const prefix = text.toLowerCase();
  const byPlainSku = PLAIN_SKU.test(text)
    ? and(gte(products.id, prefix), lt(products.id, `${prefix}z`), sql`${products.options} = '[]'::jsonb`)
    : undefined;
  return or(byVariant, byPlainSku) ?? null;
}
