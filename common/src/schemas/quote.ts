import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import { buyerSchema } from './company.js';
import { idSchema, pageQuerySchema, pagedSchema } from './common.js';
import { orderDeliveryInputSchema } from './delivery.js';
import { orderLineProductSchema, orderLineVariantSchema } from './order.js';
import { phoneField } from './phone.js';
import { consentInputShape, consentSchema } from './privacy.js';
import { PAYMENT_METHODS } from '../payments.js';

/*
 * A price asked for in bulk (decision 024): the buyer asks, staff answer with line prices and a
 * validity day, the buyer accepts and an order is placed at those prices.
 */

export const QUOTE_STATUSES = ['requested', 'answered', 'accepted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A bulk line may ask for more than the stock holds: the quote is the place to agree on it. */
export const MAX_QUOTE_QUANTITY = 10_000;

export const quoteCreateSchema = z.object({
  contact: z.object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    phoneNumber: phoneField,
    company: z.string().trim().max(200).optional(),
  }),
  items: z
    .array(
      z.object({
        productId: idSchema,
        color: z.string().trim().max(30).default(''),
        quantity: z.number().int().min(1).max(MAX_QUOTE_QUANTITY),
        /** The size, fabric… of a product sold as variants (as an order line names it). */
        variantId: idSchema.optional(),
      }),
    )
    .min(1)
    .max(LIMITS.maxOrderLines),
  note: z.string().trim().max(2000).default(''),
  /** The SMS with the answer, and the order it becomes, are in this language. */
  language: z.enum(LANGUAGES).optional(),
  ...consentInputShape,
});
export type QuoteCreate = z.input<typeof quoteCreateSchema>;

export const quoteCreatedSchema = z.object({
  _id: z.string(),
  key: z.string().describe('Opens the quote without a sign-in (`/quote/{id}?key=…`); shown only now.'),
});
export type QuoteCreated = z.infer<typeof quoteCreatedSchema>;

export const quoteLineSchema = z.object({
  product: orderLineProductSchema,
  color: z.string(),
  quantity: z.number().int(),
  /** The catalogue's unit price now, a running discount included, for staff to answer against. */
  listPrice: z.number().int(),
  /** The quoted unit price; null until staff answer. */
  price: z.number().int().nullable(),
  /** The variant asked for, named as it read when asked (absent: a plain product). */
  variant: orderLineVariantSchema.optional(),
});

export const priceQuoteSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(QUOTE_STATUSES),
  contact: z.object({ name: z.string(), phoneNumber: z.string(), company: z.string().optional() }),
  items: z.array(quoteLineSchema),
  /** The buyer's note with the request. */
  note: z.string(),
  /** The shop's answer. */
  reply: z.object({ note: z.string(), validUntil: z.string().nullable() }),
  /** Sum of quoted lines; null until answered. */
  total: z.number().int().nullable(),
  /** True once the validity day has passed (Tashkent time). */
  expired: z.boolean(),
  orderId: z.string().nullable(),
  /** The privacy text the buyer agreed to with the request, and when. */
  consent: consentSchema.nullable().optional(),
});
export type PriceQuote = z.infer<typeof priceQuoteSchema>;
export const priceQuotePageSchema = pagedSchema(priceQuoteSchema);

export const quoteListQuerySchema = pageQuerySchema.extend({
  status: z.enum([...QUOTE_STATUSES, 'all']).optional(),
});

export const quotePatchSchema = z.object({
  /** One unit price per line, in the quote's line order. */
  lines: z
    .array(z.object({ price: z.number().int().min(0).max(LIMITS.maxPrice) }))
    .min(1)
    .max(LIMITS.maxOrderLines),
  validUntil: z.iso.date().describe('The last Tashkent day the prices hold'),
  note: z.string().trim().max(2000).default(''),
});
export type QuotePatch = z.input<typeof quotePatchSchema>;

export const quoteKeyQuerySchema = z.object({ key: z.string().max(100).optional() });

/** Accepting: the key, and what an order needs beyond the quote (buyer, payment, delivery). */
export const quoteAcceptSchema = z
  .object({
    key: z.string().max(100).optional(),
    buyer: buyerSchema.default({ type: 'person' }),
    paymentMethod: z.enum(PAYMENT_METHODS).default('cash'),
    delivery: orderDeliveryInputSchema.optional(),
  })
  .refine((body) => body.paymentMethod !== 'bank_transfer' || body.buyer.type === 'company', {
    message: 'Bank transfer is for organisations: give the company details',
    path: ['paymentMethod'],
  });
export type QuoteAccept = z.input<typeof quoteAcceptSchema>;
