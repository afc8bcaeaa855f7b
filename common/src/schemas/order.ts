import { z } from 'zod';
import { LANGUAGES, LIMITS, ORDER_STATUSES } from '../constants.js';
import { parseOrderNumber } from '../ids.js';
import { BUYER_TYPES, buyerSchema, companyBuyerSchema } from './company.js';
import { idSchema, numericField, pageQuerySchema, pagedSchema } from './common.js';
import { orderDeliveryInputSchema, orderDeliverySchema } from './delivery.js';
import { phoneField } from './phone.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES, orderPaymentSchema } from './payment.js';
import { consentInputShape, consentSchema } from './privacy.js';
import { productTranslationsSchema } from './product.js';
import { promoCodeField, promoTotalsLineSchema } from './promotion.js';

export const orderItemInputSchema = z.object({
  productId: idSchema,
  quantity: z.number().int().min(1).max(LIMITS.maxLineQuantity),
  /** Empty (or left out) only for a product saved without colours: it has no colour step. */
  color: z.string().trim().max(30).default(''),
  /** Sent by the client, never trusted: the server prices every line. */
  price: z.number().optional(),
  /** The variant of a product with options (or its `sku`); a colour alone must name one variant. */
  variantId: idSchema.optional(),
  sku: z.string().trim().max(40).optional(),
});

export const orderCreateSchema = z.object({
  customerName: z.string().trim().min(1, 'Name is required').max(100),
  phoneNumber: phoneField,
  items: z.array(orderItemInputSchema).min(1).max(LIMITS.maxOrderLines),
  totalAmount: z.number().optional(),
  /** Cash on delivery unless the shopper chose a configured online method. */
  paymentMethod: z.enum(PAYMENT_METHODS).default('cash'),
  /** Left out (a client from before delivery existed): `{method: "arrange"}`, agreed by phone. */
  delivery: orderDeliveryInputSchema.optional(),
  /** A person unless told otherwise; a company gives its requisites and may pay by bank transfer. */
  buyer: buyerSchema.default({ type: 'person' }),
  /** The shopper's language: a company's invoice writes its sum in words in it. */
  language: z.enum(LANGUAGES).optional(),
  ...consentInputShape,
  /** A promo code; the server decides what it takes off (400 PROMO_CODE_INVALID with a reason). */
  promoCode: promoCodeField.optional(),
});
export type OrderCreate = z.input<typeof orderCreateSchema>;

/** Bank transfer needs an invoice, so it is for companies only. */
export const orderCreateBodySchema = orderCreateSchema.refine(
  (body) => body.paymentMethod !== 'bank_transfer' || body.buyer.type === 'company',
  { message: 'Bank transfer is for organisations: give the company details', path: ['paymentMethod'] },
);

/**
 * `Idempotency-Key`: one checkout attempt, chosen by the client. The same key sent again (the
 * shopper's retry after a lost answer, or a proxy resending to another process) answers with the
 * order that key placed instead of placing another.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const orderCreateHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{16,100}$/, 'Idempotency-Key is 16–100 letters, digits or _ . : -')
    .optional(),
});

export const orderLineProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  productImages: z.array(z.string()),
  /** So the order shows the product in the shopper's language, as the catalogue does. */
  translations: productTranslationsSchema,
});

export const orderLineVariantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  /** The variant's values, e.g. "140×70 cm · Oak", in each language. */
  label: z.object({ uz: z.string(), ru: z.string(), en: z.string() }),
});
export type OrderLineVariant = z.infer<typeof orderLineVariantSchema>;

export const orderLineSchema = z.object({
  product: orderLineProductSchema,
  color: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  discountedPrice: z.number().int().nullable(),
  /** Tiyin of the order's promo discount this line carries on the receipt (absent: none). */
  promoDiscount: z.number().int().optional(),
  /** The variant ordered, named as it read when the order was placed (absent: a plain product). */
  variant: orderLineVariantSchema.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  notes: z.string(),
  customer: z.object({
    fullName: z.string(),
    phoneNumber: z.string(),
    /** Staff views only: an account proved this phone by an SMS code. */
    phoneVerified: z.boolean().optional(),
  }),
  products: z.array(orderLineSchema),
  payment: orderPaymentSchema,
  delivery: orderDeliverySchema,
  /** Absent (a person) or a company with its requisites. */
  buyer: companyBuyerSchema.optional(),
  /** A company order's invoice number (`2026-000001`), sequential per year. */
  invoiceNumber: z.string().optional(),
  /** Staff views only: the privacy text the buyer agreed to, and when; absent when none was asked. */
  consent: consentSchema.nullable().optional(),
  /** The promo code's line of the totals, when the order used one. */
  promo: promoTotalsLineSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** `POST /api/orders` answers once with the order key: the only time the shop ever knows it. */
export const placedOrderSchema = orderSchema.extend({
  orderKey: z
    .string()
    .describe(
      'Opens the order without a sign-in (`GET /api/orders/{id}?key=…`); keep it, it is not shown again.',
    ),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/**
 * What the confirmation page reads with the order's link (id and key): the order itself, and
 * nothing about the shopper or the staff (no name, phone, notes, or who took the cash).
 */
export const shopperOrderSchema = z.object({
  _id: z.string(),
  /** The order number as every screen shows it: `#` and the id's last 6 characters, upper case. */
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  products: z.array(orderLineSchema),
  payment: orderPaymentSchema.omit({ cashReceived: true, bankTransfer: true, receipt: true }),
  /** Without the address, as the lookup by phone shows it (decision 018). */
  delivery: orderDeliverySchema,
  buyer: companyBuyerSchema.optional(),
  invoiceNumber: z.string().optional(),
  promo: promoTotalsLineSchema.optional(),
});
export type ShopperOrder = z.infer<typeof shopperOrderSchema>;

/** The order key is 22 base64url characters; anything else simply opens nothing. */
export const shopperOrderQuerySchema = z.object({
  key: z.string().max(100).optional().describe('The order key `POST /api/orders` answered with'),
});
export const orderPageSchema = pagedSchema(orderSchema);

/** What a shopper is shown of an order: everything but the staff's own `notes` and who took the cash. */
export const customerOrderSchema = orderSchema
  .omit({ notes: true })
  .extend({ payment: orderPaymentSchema.omit({ cashReceived: true, bankTransfer: true, receipt: true }) });
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerOrdersResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(customerOrderSchema),
});

export const dayOrDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const orderListQuerySchema = pageQuerySchema.extend({
  status: z.enum([...ORDER_STATUSES, 'all']).optional(),
  phoneNumber: z.string().trim().max(40).optional(),
  startDate: dayOrDateTime.optional(),
  endDate: dayOrDateTime.optional(),
  paymentStatus: z.enum([...PAYMENT_STATUSES, 'all']).optional(),
  paymentMethod: z.enum([...PAYMENT_METHODS, 'all']).optional(),
  buyerType: z.enum([...BUYER_TYPES, 'all']).optional(),
  orderNumber: z
    .string()
    .max(20)
    .transform((text, ctx) => {
      const digits = parseOrderNumber(text);
      if (digits === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an order number like #A1B2C3' });
        return z.NEVER;
      }
      return digits;
    })
    .optional()
    .describe('The order number shoppers see, with or without "#" (e.g. #A1B2C3 or a1b2c3).'),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Staff line edit: the product may be an id or the object the list returned. */
export const orderLinePatchSchema = z.object({
  product: z.union([idSchema, z.object({ _id: idSchema }).transform((p) => p._id)]),
  color: z.string().max(30),
  /** The line's variant, for an order holding two variants of one product. */
  variantId: idSchema.optional(),
  quantity: numericField.pipe(z.number().int().min(1).max(LIMITS.maxLineQuantity)),
  discountedPrice: z
    .union([z.number().min(0).max(LIMITS.maxPrice), z.null()])
    .optional()
    .transform((v) => (v == null ? null : Math.round(v))),
});

export const orderPatchSchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    products: z.array(orderLinePatchSchema).min(1).max(LIMITS.maxOrderLines).optional(),
    /** Recomputed by the server from the lines; accepted for wire compatibility. */
    total: z.number().optional(),
    notes: z.string().max(5000).optional(),
    /**
     * With `status: 'cancelled'` on an order paid through Click or in cash: staff confirm they
     * refunded it (in Click's cabinet, which does not tell the shop, or by hand). Payme refunds
     * reach the shop by themselves.
     */
    paymentRefunded: z.literal(true).optional(),
  })
  .refine((body) => body.status !== undefined || body.products !== undefined || body.notes !== undefined, {
    message: 'Send status, products or notes',
  })
  .refine((body) => !body.paymentRefunded || body.status === 'cancelled', {
    message: 'A refund is confirmed only when cancelling the order',
    path: ['paymentRefunded'],
  });
export type OrderPatch = z.input<typeof orderPatchSchema>;

export const customerPhoneParams = z.object({ phone: z.string().max(40) });
