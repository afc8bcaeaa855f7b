import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  Category,
  DiscountType,
  ProductImage,
  ProductOption,
  VariantStatus,
  VariantValues,
  ProductStatus,
  ProductTranslations,
  ReviewStatus,
} from '@shop/common';
import { money, timestamps } from './columns.js';
import { users } from './schema-users.js';

/** The catalogue and what shoppers keep and say about it. */

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    price: money('price').notNull(),
    /** Per unit; 0 = the product offers no assembly. */
    assemblyPrice: money('assembly_price').notNull().default(0),
    isNewProduct: boolean('is_new_product').notNull().default(false),
    isDiscounted: boolean('is_discounted').notNull().default(false),
    discountType: text('discount_type').$type<DiscountType>(),
    discountValue: money('discount_value'),
    discountStart: timestamp('discount_start', { withTimezone: true, mode: 'date' }),
    discountEnd: timestamp('discount_end', { withTimezone: true, mode: 'date' }),
    category: text('category').$type<Category>().notNull(),
    color: text('color')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productImages: text('product_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** AVIF and WebP copies of `productImages` at phone widths (image-variants.ts), same order. */
    imageVariants: jsonb('image_variants').$type<ProductImage[]>().notNull().default([]),
    stock: integer('stock').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    // Published reviews only, kept in the transaction that adds or hides one, so reads never aggregate.
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Russian and English text; the main name and description are Uzbek Latin (decision 012). */
    translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
    /** searchKey of the names in every language, led by a space so a word's start can be matched. */
    searchName: text('search_name').notNull().default(''),
    /** searchKey of the names and descriptions in every language, led by a space likewise. */
    searchText: text('search_text').notNull().default(''),
    /** Which version of the search rules wrote the two columns above; older rows are redone at start. */
    searchVersion: integer('search_version').notNull().default(0),
    // Fiscal receipt data (decision 023): null codes keep a product from being paid online.
    ikpu: text('ikpu'),
    packageCode: text('package_code'),
    vatPercent: integer('vat_percent').notNull().default(12),
    /**
     * Empty: the product is sold as one thing. Otherwise it is sold as its `product_variants`, and
     * `price`, `stock` and `color` above hold what the variants derive (kept by the products module
     * and the stock module), so listings, sorting and spec clients read one row.
     */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    // Ascending with id last: scanned backwards they serve "newest first" and "price high to low".
    index('products_listing_idx').on(t.isDeleted, t.status, t.createdAt, t.id),
    index('products_category_idx').on(t.category, t.isDeleted, t.status, t.createdAt, t.id),
    index('products_price_idx').on(t.isDeleted, t.status, t.price, t.id),
    index('products_category_price_idx').on(t.category, t.isDeleted, t.status, t.price, t.id),
    index('products_color_idx').using('gin', t.color),
    // No index may include `stock`: an order changes it, and only a change of no indexed column
    // can stay on its page (a HOT update) instead of adding an entry to every index, the trigram
    // ones included, while the row is locked (decision 015). The dashboard's low-stock list scans.
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_price_not_negative', sql`${t.price} >= 0`),
    check('products_rating_not_negative', sql`${t.ratingSum} >= 0 and ${t.ratingCount} >= 0`),
    check('products_vat_percent_known', sql`${t.vatPercent} in (0, 12)`),
    // fastupdate off: PGlite has no autovacuum, so a GIN pending list would only grow, and the
    // planner, costing a scan of it, chose to read the whole table for a broad word (decision 012).
    index('products_search_name_idx')
      .using('gin', sql`${t.searchName} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('products_search_text_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('products_search_version_idx').on(t.searchVersion),
  ],
);

/** One row per offered combination of a product's option values. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    values: jsonb('values').$type<VariantValues>().notNull(),
    price: money('price').notNull(),
    /** The variant's own sale price; null: the product's discount applies to `price`. */
    discountedPrice: money('discounted_price'),
    stock: integer('stock').notNull().default(0),
    madeToOrder: boolean('made_to_order').notNull().default(false),
    leadDays: integer('lead_days').notNull().default(0),
    status: text('status').$type<VariantStatus>().notNull().default('active'),
    /** Index into the product's pictures. */
    image: integer('image'),
    /** The back office's order of rows. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_variants_sku_idx').on(sql`upper(${t.sku})`),
    uniqueIndex('product_variants_values_idx').on(t.productId, t.values),
    index('product_variants_product_idx').on(t.productId, t.position),
    // The listing's option filter asks `values @> {...}` of a product's active variants.
    index('product_variants_values_gin_idx').using('gin', sql`${t.values} jsonb_path_ops`),
    check('product_variants_stock_not_negative', sql`${t.stock} >= 0`),
    check('product_variants_price_not_negative', sql`${t.price} >= 0`),
    check('product_variants_lead_days_range', sql`${t.leadDays} between 0 and 365`),
  ],
);

/** One row per saved product; `id` keeps the order of saving (newest first is `id desc`). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlist_items_user_product_idx').on(t.userId, t.productId),
    index('wishlist_items_user_order_idx').on(t.userId, t.id),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    // A deleted account's reviews stay (they are in the product's rating) without the account.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    /** First name and initial, taken when the review is written. */
    author: text('author').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('published'),
    ...timestamps,
  },
  (t) => [
    // One review per customer per product, also under concurrent posts.
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt, t.id),
    index('reviews_status_idx').on(t.status, t.createdAt, t.id),
    index('reviews_created_idx').on(t.createdAt, t.id),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
