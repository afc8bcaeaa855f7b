import { and, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';

/**
 * The next moment a discount starts or ends: a ready answer made before it shows prices that
 * stop being true then. Null when no discount is scheduled.
 */
export async function nextDiscountBoundary(db: Db, now: Date): Promise<number | null> {
  const [starts, ends] = await Promise.all([
    db
      .select({ at: min(products.discountStart) })
      .from(products)
      .where(and(eq(products.isDiscounted, true), gt(products.discountStart, now))),
    db
      .select({ at: min(products.discountEnd) })
      .from(products)
      .where(and(eq(products.isDiscounted, true), gt(products.discountEnd, now))),
  ]);
  const times = [starts[0]?.at, ends[0]?.at]
    .filter((at) => at !== null && at !== undefined)
    .map((at) => new Date(at as Date | string).getTime());
  return times.length ? Math.min(...times) : null;
}
