import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import { SHOP_OFFSET_HOURS, shiftShopDay, shopDay, shopDayStart, type DashboardStats } from '@shop/common';
import type { Db } from '../../db/client.js';
import { orders, products } from '../../db/schema.js';

/** The Tashkent day of an order, read from the instant in UTC so the session's TimeZone does not matter. */
const orderShopDay = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + make_interval(hours => ${sql.raw(String(SHOP_OFFSET_HOURS))}), 'YYYY-MM-DD')`;

/**
 * The products the dashboard counts: on sale now (active, not deleted). The card links to the
 * products page filtered `status=active&isDeleted=false`, which lists exactly this set, so the
 * count on the card is the count of the list it opens.
 */
export const onSaleProducts = and(eq(products.isDeleted, false), eq(products.status, 'active'));

export class DashboardService {
  constructor(private readonly db: Db) {}

  /** Counts, the last `days` Tashkent days (today included) and the lowest stock. */
  async stats(
    { days, lowStock }: { days: number; lowStock: number },
    now = new Date(),
  ): Promise<DashboardStats> {
    const firstDay = shiftShopDay(shopDay(now), -(days - 1));
    const since = shopDayStart(firstDay);

    const [[productCount], orderCounts, dailyRows, lowStockRows] = await Promise.all([
      this.db.select({ total: count() }).from(products).where(onSaleProducts),
      this.db.select({ status: orders.status, total: count() }).from(orders).groupBy(orders.status),
      this.db
        .select({
          date: orderShopDay,
          orders: count(),
          // Money in: an order counts once it is paid, not while it waits and not once refunded.
          revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.paymentStatus} = 'paid'), 0)::bigint`,
          // What promo codes took off the day's orders that stand (a cancelled one gave its use back).
          discounts: sql<number>`coalesce(sum(${orders.promoDiscount}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
        })
        .from(orders)
        .where(gte(orders.createdAt, since))
        .groupBy(orderShopDay),
      this.db
        .select({
          _id: products.id,
          name: products.name,
          translations: products.translations,
          stock: products.stock,
          productImages: products.productImages,
        })
        .from(products)
        .where(and(eq(products.isDeleted, false), lte(products.stock, lowStock)))
        .orderBy(asc(products.stock), asc(products.name))
        .limit(10),
    ]);

    const byStatus = new Map(orderCounts.map((row) => [row.status, row.total]));
    const byDay = new Map(dailyRows.map((row) => [row.date, row]));
    const daily = Array.from({ length: days }, (_, index) => {
      const date = shiftShopDay(firstDay, index);
      const row = byDay.get(date);
      const discounts = Number(row?.discounts ?? 0);
      // Only a day with a discount names it: the answer stays as it was for a shop without codes.
      return {
        date,
        orders: row?.orders ?? 0,
        revenue: Number(row?.revenue ?? 0),
        ...(discounts > 0 && { discounts }),
      };
    });

    return {
      totalProducts: productCount?.total ?? 0,
      totalOrders: orderCounts.reduce((sum, row) => sum + row.total, 0),
      newOrders: byStatus.get('new') ?? 0,
      cancelledOrders: byStatus.get('cancelled') ?? 0,
      daily,
      lowStock: lowStockRows,
    };
  }
}
