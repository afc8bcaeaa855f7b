import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AuditAction,
  AuditChanges,
  AuditEntity,
  BuyerType,
  Category,
  CompanyRequisites,
  DeliveryAddress,
  DeliveryMethod,
  DeliveryStatus,
  DiscountType,
  Language,
  OnlinePaymentMethod,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  ProductImage,
  ProductStatus,
  ProductTranslations,
  Region,
  ReviewStatus,
  Role,
} from '@shop/common';
import type { RecordedBankTransfer } from './schema-companies.js';

/** Whole so'm; bigint so that large order totals cannot overflow. */
const money = (name: string) => bigint(name, { mode: 'number' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

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

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    /**
     * Every token carries the version it was signed under; a password or role change (or a reset)
     * raises it, so every session older than the change stops working at once.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** The phone was proven by an SMS code (sign-up or reset); older accounts were never asked. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_phone_idx').on(t.phoneNumber),
    index('users_role_idx').on(t.role, t.createdAt, t.id),
    index('users_name_search_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    customerName: text('customer_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('new'),
    total: money('total').notNull(),
    notes: text('notes').notNull().default(''),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('cash'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** An online order still unpaid at this time is cancelled by the payment sweep. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true, mode: 'date' }),
    /** The client's `Idempotency-Key` for the checkout attempt that placed it, if it sent one. */
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 (hex) of the order key the shopper got once at placement: the key opens the order's
     * confirmation page without a sign-in. Orders from before keys existed have none.
     */
    orderKeyHash: text('order_key_hash'),
    /** Cash handed to staff: the amount, who took it (kept by name too, as on a paper receipt) and when. */
    cashReceivedAmount: money('cash_received_amount'),
    cashReceivedById: text('cash_received_by_id').references(() => users.id, { onDelete: 'set null' }),
    cashReceivedByName: text('cash_received_by_name'),
    cashReceivedAt: timestamp('cash_received_at', { withTimezone: true, mode: 'date' }),
    /** The Uzum Nasiya contract made for the order (its latest one), shown with its payment. */
    instalmentMonths: integer('instalment_months'),
    instalmentMonthly: money('instalment_monthly'),
    instalmentContractId: text('instalment_contract_id'),
    // Delivery (decision 018): fees are priced by the server when the order is placed.
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull().default('arrange'),
    deliveryRegion: text('delivery_region').$type<Region>(),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    deliveryFloor: integer('delivery_floor'),
    deliveryLift: boolean('delivery_lift'),
    /** A Tashkent day. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliverySlot: text('delivery_slot'),
    deliveryAssembly: boolean('delivery_assembly').notNull().default(false),
    deliveryFee: money('delivery_fee').notNull().default(0),
    assemblyFee: money('assembly_fee').notNull().default(0),
    carryFee: money('carry_fee').notNull().default(0),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('awaiting'),
    // Companies (decision 024): requisites, the invoice's number, the transfer staff recorded.
    buyerType: text('buyer_type').$type<BuyerType>().notNull().default('person'),
    company: jsonb('company').$type<CompanyRequisites>(),
    invoiceNumber: text('invoice_number'),
    bankTransfer: jsonb('bank_transfer').$type<RecordedBankTransfer>(),
    /** The shopper's language when ordering: the invoice writes its sum in it. */
    language: text('language').$type<Language>(),
    ...timestamps,
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt, t.id),
    uniqueIndex('orders_invoice_number_idx')
      .on(t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    index('orders_buyer_type_idx').on(t.buyerType, t.createdAt, t.id),
    uniqueIndex('orders_idempotency_key_idx')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('orders_status_idx').on(t.status, t.createdAt, t.id),
    index('orders_phone_idx').on(t.phoneNumber, t.createdAt, t.id),
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('orders_payment_method_idx').on(t.paymentMethod, t.createdAt, t.id),
    // A slot's filling and a day's run sheet.
    index('orders_delivery_day_idx')
      .on(t.deliveryDate, t.deliverySlot)
      .where(sql`${t.deliveryDate} is not null`),
    // Staff find an order by the number shoppers read out: the id's last 6 characters.
    index('orders_number_idx').on(sql`right(${t.id}, 6)`),
    // The sweep's question, "which new online orders are past their time unpaid", from a small index.
    index('orders_payment_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.paymentStatus} in ('unpaid', 'pending') and ${t.status} = 'new'`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    discountedPrice: money('discounted_price'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
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

/**
 * One provider transaction (a Payme transaction, a Click prepare/complete pair). Its `state` uses
 * Payme's numbers for both providers: 1 created/prepared, 2 performed/completed, -1 cancelled
 * before payment, -2 cancelled after payment (refunded). No foreign key to the order: the ledger
 * of money that moved outlives an order's deletion.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    /** The shop's own transaction number: Payme's `transaction`, Click's prepare and confirm ids. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').$type<OnlinePaymentMethod>().notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    orderId: text('order_id').notNull(),
    /** Tiyin (so'm × 100) for both providers. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: integer('state').notNull(),
    /** Payme's own creation time in ms (its statement is asked by this time); null for Click. */
    providerTime: bigint('provider_time', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    performedAt: timestamp('performed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    reason: integer('reason'),
  },
  (t) => [
    uniqueIndex('payment_transactions_provider_id_idx').on(t.provider, t.providerTransactionId),
    index('payment_transactions_order_idx').on(t.orderId, t.state),
    index('payment_transactions_statement_idx').on(t.provider, t.providerTime),
    check('payment_transactions_state_known', sql`${t.state} in (1, 2, -1, -2)`),
    check('payment_transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Who changed what: one row per staff write and per staff sign-in, written in the write's own
 * transaction. The actor is copied (not a foreign key) so the entry outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    actorPhone: text('actor_phone'),
    actorRole: text('actor_role').$type<Role>(),
    action: text('action').$type<AuditAction>().notNull(),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
  ],
);

/** One tariff per region; every region has a row from the first migration on (decision 018). */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    region: text('region').$type<Region>().primaryKey(),
    enabled: boolean('enabled').notNull(),
    fee: money('fee').notNull(),
    freeFrom: money('free_from'),
    leadDays: integer('lead_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('delivery_zones_money', sql`${t.fee} >= 0 and ${t.leadDays} >= 0`)],
);

/** The one row of slot settings (id is always 1). */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    slots: text('slots').array().notNull(),
    slotCapacity: integer('slot_capacity').notNull(),
    closedWeekdays: integer('closed_weekdays').array().notNull(),
    carryPerFloor: money('carry_per_floor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id} = 1`)],
);

export type ProductRow = typeof products.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
export type DeliverySettingsRow = typeof deliverySettings.$inferSelect;

// The outboxes and one-time codes live beside this file; the schema stays one module to import.
export * from './schema-messages.js';
export * from './schema-companies.js';
export * from './schema-instalments.js';
export * from './schema-search.js';
