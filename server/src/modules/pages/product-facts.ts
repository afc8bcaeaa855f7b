import { and, asc, desc, eq } from 'drizzle-orm';
import {
  REGION_ISO_CODES,
  unitDeliveryFee,
  unitPrice,
  type Product,
  type ProductPageFacts,
} from '@shop/common';
import type { Db } from '../../db/client.js';
import { deliveryZones, reviews } from '../../db/schema.js';

/** Reviews a product page's structured data carries: the newest few, as its review list starts. */
export const STRUCTURED_REVIEWS = 5;

/**
 * What a product page's structured data adds to the product: delivery of one unit to each open
 * zone (decision 018's tariffs) and the newest published reviews, every one by a buyer.
 */
export function productFactsReader(db: Db): (product: Product) => Promise<ProductPageFacts> {
  return async (product) => {
    const paid = unitPrice(product);
    const zones = await db
      .select()
      .from(deliveryZones)
      .where(eq(deliveryZones.enabled, true))
      .orderBy(asc(deliveryZones.region));
    const latest = await db
      .select({
        author: reviews.author,
        rating: reviews.rating,
        text: reviews.text,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(and(eq(reviews.productId, product._id), eq(reviews.status, 'published')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(STRUCTURED_REVIEWS);
    return {
      shipping: zones.map((zone) => ({
        region: zone.region,
        regionCode: REGION_ISO_CODES[zone.region],
        fee: unitDeliveryFee(zone, paid),
        leadDays: zone.leadDays,
      })),
      reviews: latest.map((review) => ({ ...review, createdAt: review.createdAt.toISOString() })),
    };
  };
}
