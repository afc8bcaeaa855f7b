import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import {
  activeDiscountedPrice,
  variantLabel,
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
import { products, productVariants, type ProductRow, type ProductVariantRow } from '../../db/schema.js';
import { discountOf } from '../products/product-dto.js';
import { visibleToShoppers } from '../products/shopper-visibility.js';
import { CATEGORY_NAMES } from './category-names.js';

/** Rows read per query: a page, never the whole catalogue, is in memory at once. */
export const FEED_PAGE_SIZE = 500;

/** What a feed says about one thing a shopper can buy: a product without variants, or one variant. */
export interface FeedItem {
  /** A variant's SKU; a product's id when it has no variants. */
  id: string;
  /** The product's id when it has variants (each variant an item); null for a single product. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  /** Absolute URLs, the main picture first. */
  images: string[];
  stock: number;
  /** Made after the order: in stock for the feeds whatever its stock, delivered later. */
  madeToOrder: boolean;
  price: number;
  /** What a shopper pays while a discount runs; null without one. */
  salePrice: number | null;
  /** The running discount's dates, when it has them. */
  saleStart: Date | null;
  saleEnd: Date | null;
  category: Category;
  categoryName: string;
  /** The maker's part number: the shop makes its furniture, so its article (sku, a variant's own) is it. */
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

/** A shopper can order it now: it is in stock, or it is made after the order. */
export const orderable = (item: FeedItem): boolean => item.stock > 0 || item.madeToOrder;

const absolute = (publicUrl: string, url: string) => (/^https?:/.test(url) ? url : `${publicUrl}${url}`);

/** The product page in the feed's language (Uzbek has no `lang`, decision 010), at a variant when named. */
export function productLink(publicUrl: string, id: string, language: Language, variantSku?: string): string {
  const query = new URLSearchParams();
  if (variantSku) query.set('variant', variantSku);
  if (language !== 'uz') query.set('lang', language);
  const search = query.toString();
  return `${publicUrl}/product/${id}${search ? `?${search}` : ''}`;
}

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
    madeToOrder: false,
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

/**
 * One variant as an item of its product's group: its SKU, price, sale price and stock, the
 * product's texts with the variant's label, and its own picture first.
 */
export function toVariantItem(row: ProductRow, variant: ProductVariantRow, context: FeedContext): FeedItem {
  const item = toFeedItem({ ...row, price: variant.price, stock: variant.stock }, context);
  // The variant's own sale price holds while it is set, with no dates; else the product's discount.
  const own = variant.discountedPrice !== null && variant.discountedPrice < variant.price;
  const salePrice = own ? variant.discountedPrice : item.salePrice;
  const label = variantLabel(row.options, variant.values, context.language);
  const picture = variant.image === null ? undefined : item.images[variant.image];
  return {
    ...item,
    id: variant.sku,
    groupId: row.id,
    title: label ? `${item.title}, ${label}` : item.title,
    link: productLink(context.publicUrl, row.id, context.language, variant.sku),
    images: picture ? [picture, ...item.images.filter((url) => url !== picture)] : item.images,
    madeToOrder: variant.madeToOrder,
    salePrice,
    saleStart: own ? null : item.saleStart,
    saleEnd: own ? null : item.saleEnd,
    mpn: variant.sku,
    shipping: context.zones
      .filter((zone) => zone.enabled)
      .map((zone) => ({ zone, price: unitDeliveryFee(zone, salePrice ?? variant.price) })),
  };
}

/** The active variants of a page of products, in the back office's order, by product. */
async function activeVariantsOf(db: Db, rows: readonly ProductRow[]) {
  const ids = rows.filter((row) => row.options.length > 0).map((row) => row.id);
  const byProduct = new Map<string, ProductVariantRow[]>();
  if (ids.length === 0) return byProduct;
  const variants = await db
    .select()
    .from(productVariants)
    .where(and(inArray(productVariants.productId, ids), eq(productVariants.status, 'active')))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const variant of variants)
    byProduct.set(variant.productId, [...(byProduct.get(variant.productId) ?? []), variant]);
  return byProduct;
}

/** Every item shoppers can buy, a page of rows at a time in id order: a product with variants gives one per active variant. */
export async function* feedItems(db: Db, context: FeedContext): AsyncGenerator<FeedItem> {
  let after: string | null = null;
  for (;;) {
    const rows: ProductRow[] = await db
      .select()
      .from(products)
      .where(after === null ? visibleToShoppers : and(visibleToShoppers, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(FEED_PAGE_SIZE);
    const variants = await activeVariantsOf(db, rows);
    for (const row of rows) {
      if (row.options.length === 0) yield toFeedItem(row, context);
      else for (const variant of variants.get(row.id) ?? []) yield toVariantItem(row, variant, context);
    }
    if (rows.length < FEED_PAGE_SIZE) return;
    after = rows[rows.length - 1]!.id;
  }
}
