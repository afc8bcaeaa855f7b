import { and, asc, gt } from 'drizzle-orm';
import {
  activeDiscountedPrice,
  CATEGORIES,
  imageUrl,
  localizedDescription,
  localizedName,
  sku,
  unitDeliveryFee,
  type Category,
  type DeliveryZone,
  type Language,
} from '@shop/common';
import type { Db } from '../../db/client.js';
import { products, type ProductRow } from '../../db/schema.js';
import { discountOf } from '../products/product-dto.js';
import { visibleToShoppers } from '../products/shopper-visibility.js';
import { CATEGORY_NAMES } from './category-names.js';

/** Rows read per query: a page, never the whole catalogue, is in memory at once. */
export const FEED_PAGE_SIZE = 500;

/** What a feed says about one thing a shopper can buy: a product now, a variant once they exist. */
export interface FeedItem {
  id: string;
  /** The product's id when it has variants (each variant an item); null for a single product. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  /** Absolute URLs, the main picture first. */
  images: string[];
  stock: number;
  price: number;
  /** What a shopper pays while a discount runs; null without one. */
  salePrice: number | null;
  /** The running discount's dates, when it has them. */
  saleStart: Date | null;
  saleEnd: Date | null;
  category: Category;
  categoryName: string;
  /** The maker's part number: the shop makes its furniture, so its article (sku) is it. */
  mpn: string;
  /** Delivery to each open zone for one unit. */
  shipping: FeedShipping[];
}

export interface FeedShipping {
  zone: DeliveryZone;
  price: number;
}

export interface FeedContext {
  language: Language;
  publicUrl: string;
  zones: readonly DeliveryZone[];
  now: Date;
}

const absolute = (publicUrl: string, url: string) => (/^https?:/.test(url) ? url : `${publicUrl}${url}`);

/** The product page in the feed's language (Uzbek has no `lang`, decision 010). */
export const productLink = (publicUrl: string, id: string, language: Language): string =>
  `${publicUrl}/product/${id}${language === 'uz' ? '' : `?lang=${language}`}`;

export const categoryNumber = (category: Category): number => CATEGORIES.indexOf(category) + 1;

export function toFeedItem(row: ProductRow, context: FeedContext): FeedItem {
  const discount = discountOf(row);
  const salePrice = activeDiscountedPrice(
    { price: row.price, isDiscounted: row.isDiscounted, discounts: discount },
    context.now,
  );
  const paid = salePrice ?? row.price;
  return {
    id: row.id,
    groupId: null,
    title: localizedName(row, context.language),
    description: localizedDescription(row, context.language),
    link: productLink(context.publicUrl, row.id, context.language),
    images: row.productImages
      .map((image) => imageUrl(image))
      .filter((url): url is string => url !== null)
      .map((url) => absolute(context.publicUrl, url)),
    stock: row.stock,
    price: row.price,
    salePrice,
    saleStart: salePrice === null ? null : row.discountStart,
    saleEnd: salePrice === null ? null : row.discountEnd,
    category: row.category,
    categoryName: CATEGORY_NAMES[row.category][context.language],
    mpn: sku(row.id),
    shipping: context.zones
      .filter((zone) => zone.enabled)
      .map((zone) => ({
        zone,
        price: unitDeliveryFee(zone, paid),
      })),
  };
}

/** Every item shoppers can buy, a page of rows at a time in id order. */
export async function* feedItems(db: Db, context: FeedContext): AsyncGenerator<FeedItem> {
  let after: string | null = null;
  for (;;) {
    const rows: ProductRow[] = await db
      .select()
      .from(products)
      .where(after === null ? visibleToShoppers : and(visibleToShoppers, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(FEED_PAGE_SIZE);
    for (const row of rows) yield toFeedItem(row, context);
    if (rows.length < FEED_PAGE_SIZE) return;
    after = rows[rows.length - 1]!.id;
  }
}
