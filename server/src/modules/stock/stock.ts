import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderLines, products } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';
import { moveVariantStock, quantitiesByVariant, type StockLine } from './variant-stock.js';

/** Sums quantities per product, in id order so that concurrent orders lock rows in one order. */
export function quantitiesByProduct(
  lines: readonly { productId: string; quantity: number }[],
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  }
  return totals;
}

export function negate(quantities: Map<string, number>): Map<string, number> {
  return new Map([...quantities].map(([productId, quantity]) => [productId, -quantity]));
}

/** Takes (positive) or returns (negative) stock; taking fails whole with a 409 when short. */
export async function moveStock(tx: Tx, deltas: Map<string, number>): Promise<void> {
  for (const [productId, delta] of deltas) {
    if (delta === 0) continue;
    const updated = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${delta}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), delta > 0 ? gte(products.stock, delta) : undefined))
      .returning({ id: products.id });
    if (updated.length === 0) throw await outOfStock(tx, productId);
  }
}

async function outOfStock(tx: Tx, productId: string) {
  const [product] = await tx
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return conflict(
    'OUT_OF_STOCK',
    `Not enough stock for ${product?.name ?? 'a product'}: ${product?.stock ?? 0} left`,
  );
}

/**
 * The statement that takes a new order's stock, all products at once (placing an order runs it
 * inside its one write statement). The caller has locked these rows and checked their stock
 * under the lock; the check stays in the `where` so that no row can ever go negative.
 */
export function takeStockSql(wanted: Map<string, number>): SQL {
  const rows = sql.join(
    [...wanted].map(([productId, quantity]) => sql`(${productId}::text, ${quantity}::integer)`),
    sql`, `,
  );
  return sql`
    update ${products} set stock = ${products.stock} - wanted.quantity, updated_at = now()
    from (values ${rows}) as wanted (id, quantity)
    where ${products.id} = wanted.id and ${products.stock} >= wanted.quantity
    returning ${products.id}`;
}

/** The stock a set of lines holds: plain products' units, and variants' units taken. */
export interface StockMoves {
  products: Map<string, number>;
  variants: Map<string, number>;
}

export const stockMovesOf = (lines: readonly StockLine[]): StockMoves => ({
  products: quantitiesByProduct(lines.filter((line) => !line.variantId)),
  variants: quantitiesByVariant(lines),
});

export const negateMoves = (moves: StockMoves): StockMoves => ({
  products: negate(moves.products),
  variants: negate(moves.variants),
});

/** Takes or returns both kinds of stock, plain products first (the order placing locks them in). */
export async function moveLinesStock(tx: Tx, moves: StockMoves): Promise<void> {
  await moveStock(tx, moves.products);
  await moveVariantStock(tx, moves.variants);
}

/**
 * Gives an order's units back to the shop. The caller holds the order's row lock and has seen it
 * not cancelled, and marks it cancelled in the same transaction: that is what makes it once.
 */
export async function returnOrderStock(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  await moveLinesStock(tx, negateMoves(stockMovesOf(lines)));
}
