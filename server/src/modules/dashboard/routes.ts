import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_ROLES, dashboardQuerySchema, dashboardStatsSchema, errorResponseSchema } from '@shop/common';
import { orders, products } from '../../db/schema.js';
import { SHOP_UTC_OFFSET } from '@shop/common';
import { shopDay } from '../orders/shop-time.js';

const DAY_MS = 86_400_000;

export default async function dashboardRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuerySchema,
        response: {
          200: dashboardStatsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      onRequest: app.requireRole(STAFF_ROLES),
    },
    async (request) => {
      const { days, lowStock } = request.query;
      const db = app.db;
      const today = shopDay(new Date());
      const since = new Date(new Date(`${today}T00:00:00${SHOP_UTC_OFFSET}`).getTime() - (days - 1) * DAY_MS);
      // Read the instant in UTC first, so the day does not depend on the session's TimeZone setting.
      const shopDate = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + interval '5 hours', 'YYYY-MM-DD')`;

      const [[productCount], orderCounts, dailyRows, lowStockRows] = await Promise.all([
        db
          .select({ total: count() })
          .from(products)
          .where(and(eq(products.isDeleted, false), eq(products.status, 'active'))),
        db.select({ status: orders.status, total: count() }).from(orders).groupBy(orders.status),
        db
          .select({
            date: shopDate,
            orders: count(),
            revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
          })
          .from(orders)
          .where(gte(orders.createdAt, since))
          .groupBy(shopDate),
        db
          .select({
            _id: products.id,
            name: products.name,
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
        const date = shopDay(new Date(since.getTime() + index * DAY_MS + DAY_MS / 2));
        const row = byDay.get(date);
        return { date, orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0) };
      });

      return {
        totalProducts: productCount?.total ?? 0,
        totalOrders: orderCounts.reduce((sum, row) => sum + row.total, 0),
        newOrders: byStatus.get('new') ?? 0,
        cancelledOrders: byStatus.get('cancelled') ?? 0,
        daily,
        lowStock: lowStockRows,
      };
    },
  );
}
