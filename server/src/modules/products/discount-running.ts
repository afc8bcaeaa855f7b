import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema.js';

/**
 * `activeDiscountedPrice(product, now) !== null` from common, as a condition the database can
 * filter and count by: switched on, a discount set, inside its window (both ends inclusive), and
 * the discounted price below the price. The price is computed as `applyDiscount` does (the
 * percentage clamped to 0–100 and rounded half up; a fixed amount never below 0), so a 0 %
 * discount lists nowhere. `discount-running.test.ts` runs this and the common rule over the same rows.
 */
export function discountRunningAt(now: Date | SQL = sql`now()`): SQL {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
  const discountedPrice = discountedPriceSql();
  return and(
    eq(products.isDiscounted, true),
    sql`${products.discountType} is not null`,
    or(isNull(products.discountStart), lte(products.discountStart, at)),
    or(isNull(products.discountEnd), gte(products.discountEnd, at)),
    sql`${discountedPrice} < ${products.price}`,
  )!;
}

/** `applyDiscount(price, discount)` in SQL, whether or not the discount is running. */
function discountedPriceSql(): SQL {
  const value = sql`greatest(0, ${products.discountValue})`;
  return sql`case when ${products.discountType} = 'percentage'
    then round(${products.price}::numeric * (100 - least(100, ${value})) / 100)
    else greatest(0, ${products.price} - ${value}) end`;
}

/** `unitPrice(product, now)` from common in SQL: what a shopper pays now, the price lists sort by. */
export function unitPriceAt(now: Date | SQL = sql`now()`): SQL {
  return sql`(case when ${discountRunningAt(now)} then ${discountedPriceSql()} else ${products.price}::numeric end)`;
}
