import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderLines, products } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';

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
 * Takes a new order's stock in one statement (placing an order: one round trip, not one per
 * product). The caller has locked these rows and checked the stock; the check stays in the
 * `where` so that a short row can never go negative, and a short answer is the same 409.
 */
export async function takeStock(tx: Tx, wanted: Map<string, number>): Promise<void> {
  const rows = sql.join(
    [...wanted].map(([productId, quantity]) => sql`(${productId}::text, ${quantity}::integer)`),
    sql`, `,
  );
  // Both drivers (node-postgres, PGlite) answer a raw statement with `rows`.
  const taken = (await tx.execute(sql`
    update ${products} set stock = ${products.stock} - wanted.quantity, updated_at = now()
    from (values ${rows}) as wanted (id, quantity)
    where ${products.id} = wanted.id and ${products.stock} >= wanted.quantity
    returning ${products.id}`)) as unknown as { rows: { id: string }[] };
  const takenIds = new Set(taken.rows.map((row) => row.id));
  const short = [...wanted.keys()].find((productId) => !takenIds.has(productId));
  if (short) throw await outOfStock(tx, short);
}

/**
 * Gives an order's units back to the shop. The caller holds the order's row lock and has seen it
 * not cancelled, and marks it cancelled in the same transaction: that is what makes it once.
 */
export async function returnOrderStock(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  await moveStock(tx, negate(quantitiesByProduct(lines)));
}
