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
  BuyerType,
  CompanyRequisites,
  DeliveryAddress,
  DeliveryMethod,
  DeliveryStatus,
  Language,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  PromoKind,
  Region,
} from '@shop/common';
import { OPEN_PAYMENT_STATUSES } from '@shop/common';
import { consentColumn, money, timestamps } from './columns.js';
import { products, productVariants } from './schema-catalogue.js';

/** The open payment statuses as SQL text: an index's condition takes no parameters. */
const openPaymentStatuses = sql.raw(OPEN_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', '));

/** The shop's requisites on an invoice; an unset one prints as a dash. */
export interface InvoiceSeller {
  legalName?: string;
  tin?: string;
  bankAccount?: string;
  mfo?: string;
  bank?: string;
  address?: string;
  /** Days the invoice may be paid in, from the order's day. */
  validDays: number;
}

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
    /** The address a shopper placed it from (none for staff and quotes): open orders per address. */
    clientAddress: text('client_address'),
    /**
     * SHA-256 (hex) of the order key the shopper got once at placement: the key opens the order's
     * confirmation page without a sign-in. Orders from before keys existed have none.
     */
    orderKeyHash: text('order_key_hash'),
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
    /** The fiscal receipt's page (Payme's SetFiscalData, Click's ofd_data), once known. */
    receiptUrl: text('receipt_url'),
    // Companies (decision 024): requisites, the invoice's number.
    buyerType: text('buyer_type').$type<BuyerType>().notNull().default('person'),
    company: jsonb('company').$type<CompanyRequisites>(),
    invoiceNumber: text('invoice_number'),
    /** The seller's requisites as they stood when the invoice was issued: it prints them ever after. */
    invoiceSeller: jsonb('invoice_seller').$type<InvoiceSeller>(),
    /** The shopper's language when ordering: the invoice writes its sum in it. */
    language: text('language').$type<Language>(),
    consent: consentColumn(),
    // Promo code (decision 036): the code as typed in capitals, its kind and the so'm it took off
    // (the goods for percent and fixed, the delivery fee for free delivery).
    promoCode: text('promo_code'),
    promoKind: text('promo_kind').$type<PromoKind>(),
    promoDiscount: money('promo_discount').notNull().default(0),
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
    index('orders_open_by_address_idx')
      .on(t.clientAddress)
      .where(sql`${t.clientAddress} is not null and ${t.status} = 'new'`),
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
      .where(sql`${t.paymentStatus} in (${openPaymentStatuses}) and ${t.status} = 'new'`),
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
    /** Tiyin of the order's promo discount this line carries on the receipt. */
    promoDiscount: bigint('promo_discount', { mode: 'number' }).notNull().default(0),
    // The variant of a product with options, named as it read when the order was placed.
    variantId: text('variant_id').references(() => productVariants.id),
    sku: text('sku'),
    variantLabel: jsonb('variant_label').$type<{ uz: string; ru: string; en: string }>(),
    /** Units taken from the variant's stock (a made-to-order line may take fewer); null: quantity. */
    stockTaken: integer('stock_taken'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_variant_idx')
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
