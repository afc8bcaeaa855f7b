import { z } from 'zod';
import { productTranslationsSchema } from './product-translations.js';

export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
  lowStock: z.coerce.number().int().min(0).max(1000).default(5),
});

export const dashboardStatsSchema = z.object({
  totalProducts: z.number().int(),
  totalOrders: z.number().int(),
  newOrders: z.number().int(),
  cancelledOrders: z.number().int(),
  daily: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      revenue: z.number().int(),
      /** So'm promo codes took off the day's orders that were not cancelled; absent when none. */
      discounts: z.number().int().optional(),
    }),
  ),
  lowStock: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      translations: productTranslationsSchema,
      stock: z.number().int(),
      productImages: z.array(z.string()),
    }),
  ),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
