import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  derivedProductFields,
  newId,
  type ProductVariantsInput,
  type VariantInput,
  type VariantValues,
} from '@shop/common';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  orderLines,
  productVariants,
  products,
  type ProductRow,
  type ProductVariantRow,
} from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';

export const skuTaken = (sku: string) =>
  new AppError(409, 'SKU_TAKEN', `SKU ${sku} is used by another product`, [
    { path: 'variants', message: `SKU ${sku} is taken` },
  ]);

const unknownVariant = (index: number) =>
  new AppError(400, 'VALIDATION_ERROR', 'Invalid input', [
    { path: `variants.${index}._id`, message: 'This product has no such variant' },
  ]);

/** The same combination whatever the order of its keys. */
const valuesKey = (values: VariantValues) =>
  JSON.stringify(
    Object.keys(values)
      .sort()
      .map((code) => [code, values[code]]),
  );

/** The variants as they were and as they are now, for the audit. */
export interface VariantsChange {
  before: ProductVariantRow[];
  after: ProductVariantRow[];
}

/**
 * Writes a product's variants as sent, in the caller's transaction (the product row locked):
 * a variant sent with its `_id` keeps it; a new one taking the values of one left out takes that
 * one's row; one left out that orders name is hidden, the others deleted.
 */
export async function writeVariants(
  tx: Tx,
  product: ProductRow,
  input: ProductVariantsInput,
): Promise<VariantsChange> {
  const before = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .for('update');
  const byId = new Map(before.map((row) => [row.id, row]));
  input.variants.forEach((variant, index) => {
    if (variant._id && !byId.has(variant._id)) throw unknownVariant(index);
  });
  const sentIds = new Set(input.variants.flatMap((variant) => (variant._id ? [variant._id] : [])));
  const leftOut = before.filter((row) => !sentIds.has(row.id));
  const adopted = new Map(leftOut.map((row) => [valuesKey(row.values), row.id]));
  const ids = input.variants.map((variant) => {
    const id = variant._id ?? adopted.get(valuesKey(variant.values));
    if (id) adopted.forEach((value, key) => value === id && adopted.delete(key));
    return id ?? newId();
  });
  const kept = new Set(ids);
  const gone = before.filter((row) => !kept.has(row.id)).map((row) => row.id);
  const ordered = await orderedAmong(tx, gone);
  if (gone.length > 0) {
    const unordered = gone.filter((id) => !ordered.has(id));
    if (unordered.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, unordered));
    if (ordered.size > 0)
      await tx
        .update(productVariants)
        .set({ status: 'hidden', updatedAt: sql`now()` })
        .where(inArray(productVariants.id, [...ordered]));
  }
  await refuseTakenSkus(tx, product.id, input.variants, ids);
  // Rows keeping their ids may swap SKUs or values: free both first, so no unique index trips midway.
  const existing = ids.filter((id) => byId.has(id));
  if (existing.length > 0)
    await tx
      .update(productVariants)
      .set({
        sku: sql`'~' || ${productVariants.id}`,
        values: sql`jsonb_build_object('~', ${productVariants.id})`,
      })
      .where(inArray(productVariants.id, existing));
  try {
    for (const [position, variant] of input.variants.entries()) {
      await saveVariant(tx, product.id, ids[position]!, position, variant, byId.has(ids[position]!));
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken(skuOfViolation(error, input.variants));
    throw error;
  }
  const after = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .orderBy(productVariants.position, productVariants.id);
  return { before, after };
}

async function saveVariant(
  tx: Tx,
  productId: string,
  id: string,
  position: number,
  variant: VariantInput,
  exists: boolean,
): Promise<void> {
  const columns = {
    sku: variant.sku,
    values: variant.values,
    price: variant.price,
    discountedPrice: variant.discountedPrice ?? null,
    stock: variant.stock,
    madeToOrder: variant.madeToOrder,
    leadDays: variant.leadDays,
    status: variant.status,
    image: variant.image ?? null,
    position,
  };
  if (exists)
    await tx
      .update(productVariants)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(productVariants.id, id));
  else await tx.insert(productVariants).values({ id, productId, ...columns });
}

/** Which of these variants an order names: those are hidden, never deleted. */
async function orderedAmong(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ id: orderLines.variantId })
    .from(orderLines)
    .where(inArray(orderLines.variantId, [...ids]));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

/**
 * A SKU another variant holds (another product's, or one of this product's kept hidden), or that
 * is another plain product's SKU (the first 8 hex of its id): 409 before writing. A write racing
 * this one is caught by the unique index instead.
 */
async function refuseTakenSkus(
  tx: Tx,
  productId: string,
  variants: readonly VariantInput[],
  ids: readonly string[],
): Promise<void> {
  if (variants.length === 0) return;
  const skus = variants.map((variant) => variant.sku.toUpperCase());
  const [holder] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(sql`upper(${productVariants.sku}) in ${skus}`, notInArray(productVariants.id, [...ids])))
    .limit(1);
  if (holder) throw skuTaken(holder.sku);
  const plain = skus.filter((sku) => /^[0-9A-F]{8}$/.test(sku));
  for (const sku of plain) {
    const [other] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          sql`${products.id} like ${`${sku.toLowerCase()}%`}`,
          sql`${products.id} <> ${productId}`,
          sql`${products.options} = '[]'::jsonb`,
        ),
      )
      .limit(1);
    if (other) throw skuTaken(sku);
  }
}

function skuOfViolation(error: unknown, variants: readonly VariantInput[]): string {
  const detail =
    String((error as { detail?: string; cause?: { detail?: string } }).detail ?? '') +
    String((error as { cause?: { detail?: string } }).cause?.detail ?? '');
  const named = variants.find((variant) => detail.toUpperCase().includes(variant.sku.toUpperCase()));
  return named?.sku ?? variants[0]?.sku ?? '';
}

/** The products row's columns a variant write sets: options and what the variants derive. */
export function derivedColumns(input: ProductVariantsInput) {
  if (input.options.length === 0) return { options: [] };
  return { options: input.options, ...derivedProductFields(input.options, input.variants) };
}

/**
 * A product with options has its price, stock and colours from its variants: an edit sending
 * other values for them is refused (the same values, as a form sends back, pass).
 */
export function refuseDerivedChanges(
  current: ProductRow,
  changes: { price?: number; stock?: number; color?: string[] },
): void {
  if (current.options.length === 0) return;
  const changed = [
    changes.price !== undefined && changes.price !== current.price && 'price',
    changes.stock !== undefined && changes.stock !== current.stock && 'stock',
    changes.color !== undefined && changes.color.join('\u0000') !== current.color.join('\u0000') && 'color',
  ].filter((field): field is string => Boolean(field));
  if (changed.length > 0)
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `This product has variants: set its ${changed.join(', ')} per variant`,
      changed.map((path) => ({ path, message: 'Set per variant (PUT /api/products/{id}/variants)' })),
    );
}
