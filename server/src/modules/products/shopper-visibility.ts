import { and, eq } from 'drizzle-orm';
import { products, type ProductRow } from '../../db/schema.js';

/** Shoppers see a product only while it is active and not deleted; staff see every product. */
export const isVisibleToShoppers = (row: Pick<ProductRow, 'isDeleted' | 'status'>): boolean =>
  !row.isDeleted && row.status === 'active';

/** The same rule as a query condition. */
export const visibleToShoppers = and(eq(products.isDeleted, false), eq(products.status, 'active'));
