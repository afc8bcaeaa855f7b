import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { productionLeadDays } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { productVariants, products, type ProductVariantRow } from '../../db/schema.js';
import { AppError, conflict } from '../../plugins/errors.js';

/** A line's part in the stock: its product, and its variant when it has one. */
export interface StockLine {
  productId: string;
  quantity: number;
  variantId?: string | null;
  stockTaken?: number | null;
}

/** The units a variant line holds of its variant's stock (a made-to-order line may hold fewer). */
export const unitsTaken = (line: StockLine): number => line.stockTaken ?? line.quantity;

/** Units per variant, in id order so that concurrent orders take rows in one order. */
export function quantitiesByVariant(lines: readonly StockLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  const variantLines = lines.filter((line) => line.variantId);
  for (const line of variantLines.sort((a, b) => a.variantId!.localeCompare(b.variantId!))) {
    totals.set(line.variantId!, (totals.get(line.variantId!) ?? 0) + unitsTaken(line));
  }
  return totals;
}

/** The variants of these products with options, locked (in id order; their products' rows are locked first). */
export async function lockVariants(
  tx: Tx,
  locked: readonly { id: string; options: readonly unknown[] }[],
): Promise<Map<string, ProductVariantRow[]>> {
  const productIds = locked.filter((row) => row.options.length > 0).map((row) => row.id);
  const byProduct = new Map<string, ProductVariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.id))
    .for('update');
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/**
 * How many units each variant line of a new order takes, from the locked variants: its quantity,
 * or 409 OUT_OF_STOCK on the line when short; a made-to-order variant's line takes what is left.
 */
export function stockTakenBy<L extends StockLine>(
  lines: readonly L[],
  byProduct: ReadonlyMap<string, readonly ProductVariantRow[]>,
  productName: (productId: string) => string | undefined = () => undefined,
): (L & { stockTaken: number | null })[] {
  const variants = new Map([...byProduct.values()].flat().map((row) => [row.id, row]));
  const left = new Map([...variants].map(([id, row]) => [id, row.stock]));
  return lines.map((line, position) => {
    if (!line.variantId) return { ...line, stockTaken: null };
    const variant = variants.get(line.variantId)!;
    const available = left.get(variant.id) ?? 0;
    if (!variant.madeToOrder && available < line.quantity) {
      const name = productName(line.productId);
      const message = `Not enough stock for ${name ? `${name} (${variant.sku})` : variant.sku}: ${available} left`;
      throw new AppError(409, 'OUT_OF_STOCK', message, [{ path: `items.${position}.quantity`, message }]);
    }
    const taken = Math.min(available, line.quantity);
    left.set(variant.id, available - taken);
    return { ...line, stockTaken: taken };
  });
}

/**
 * Takes (positive) or returns (negative) variants' units, never below 0 (409 when short), and
 * keeps each product's stock the sum of its active variants', in the same transaction.
 */
export async function moveVariantStock(tx: Tx, deltas: ReadonlyMap<string, number>): Promise<void> {
  const ids = [...deltas].filter(([, delta]) => delta !== 0).map(([id]) => id);
  if (ids.length === 0) return;
  // Their products' rows first, as placing an order locks them: products, then variants.
  const owners = await tx
    .selectDistinct({ productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        owners.map((owner) => owner.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
  const moved: string[] = [];
  for (const [variantId, delta] of [...deltas].sort(([a], [b]) => a.localeCompare(b))) {
    if (delta === 0) continue;
    const updated = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${delta}`, updatedAt: sql`now()` })
      .where(
        and(eq(productVariants.id, variantId), delta > 0 ? gte(productVariants.stock, delta) : undefined),
      )
      .returning({ productId: productVariants.productId });
    if (updated.length === 0) throw conflict('OUT_OF_STOCK', 'Not enough stock for this variant');
    moved.push(updated[0]!.productId);
  }
  await syncProductStock(tx, moved);
}

/** The products row's stock of a product with variants: its active variants' stock summed. */
export async function syncProductStock(tx: Tx, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({
      stock: sql`(select coalesce(sum(${productVariants.stock}), 0) from ${productVariants}
        where ${productVariants.productId} = ${products.id} and ${productVariants.status} = 'active')`,
      updatedAt: sql`now()`,
    })
    .where(inArray(products.id, [...new Set(productIds)].sort()));
}

/** The production lead of a new order's lines, from its locked variants' stock before taking. */
export function productionLeadOf(
  lines: readonly StockLine[],
  byProduct: ReadonlyMap<string, readonly ProductVariantRow[]>,
): number {
  const variants = [...byProduct.values()].flat();
  return productionLeadDays(
    lines.map((line) => ({
      quantity: line.quantity,
      variant: variants.find((row) => row.id === line.variantId),
    })),
  );
}
