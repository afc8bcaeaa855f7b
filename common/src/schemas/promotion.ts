import { z } from 'zod';
import { CATEGORIES } from '../constants.js';
import { PROMO_KINDS } from '../promotions.js';
import { idSchema, pageQuerySchema, pagedSchema } from './common.js';

/** A code as the shopper types it: letters, digits, dash and underscore; case does not matter. */
export const promoCodeField = z
  .string()
  .trim()
  .min(3, 'A promo code has 3–30 characters')
  .max(30, 'A promo code has 3–30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'A promo code holds letters, digits, - and _ only');

const dateTime = z.string().datetime({ offset: true, message: 'Expected an ISO date and time' });

const promoFields = {
  code: promoCodeField,
  kind: z.enum(PROMO_KINDS),
  /** Percent (1–100), so'm (fixed) or 0 (free delivery). */
  value: z.number().int().min(0).max(1_000_000_000),
  minTotal: z.number().int().min(0).max(10_000_000_000).default(0),
  startsAt: dateTime.nullable().default(null),
  endsAt: dateTime.nullable().default(null),
  categories: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length).default([]),
  productIds: z.array(idSchema).max(200).default([]),
  maxUses: z.number().int().min(1).max(10_000_000).nullable().default(null),
  maxUsesPerPhone: z.number().int().min(1).max(1000).nullable().default(null),
  active: z.boolean().default(true),
};

type PromoShape = { kind?: string; value?: number; startsAt?: string | null; endsAt?: string | null };

const valueFits = (body: PromoShape) =>
  body.kind !== 'percent' || body.value === undefined || (body.value >= 1 && body.value <= 100);
const amountGiven = (body: PromoShape) =>
  body.kind !== 'fixed' || body.value === undefined || body.value >= 1;
const windowOrdered = (body: PromoShape) =>
  !body.startsAt || !body.endsAt || Date.parse(body.startsAt) < Date.parse(body.endsAt);

export const promoCodeCreateSchema = z
  .object(promoFields)
  // The kinds name each rule for the back office's translated field errors.
  .refine(valueFits, { message: 'A percent is 1–100', path: ['value'], params: { kind: 'percentMax' } })
  .refine(amountGiven, {
    message: 'A fixed discount is at least 1 soʻm',
    path: ['value'],
    params: { kind: 'invalid' },
  })
  .refine(windowOrdered, {
    message: 'The end comes after the start',
    path: ['endsAt'],
    params: { kind: 'endBeforeStart' },
  });
export type PromoCodeCreate = z.input<typeof promoCodeCreateSchema>;

/** A change of some fields; the kind and value are checked together against the stored code. */
export const promoCodePatchSchema = z
  .object({
    code: promoFields.code,
    kind: promoFields.kind,
    value: promoFields.value,
    minTotal: z.number().int().min(0).max(10_000_000_000),
    startsAt: dateTime.nullable(),
    endsAt: dateTime.nullable(),
    categories: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length),
    productIds: z.array(idSchema).max(200),
    maxUses: z.number().int().min(1).max(10_000_000).nullable(),
    maxUsesPerPhone: z.number().int().min(1).max(1000).nullable(),
    active: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type PromoCodePatch = z.input<typeof promoCodePatchSchema>;

/** Used by checks on a merged code (stored ⊕ patch): the field at fault and what is wrong. */
export const promoTermsValid = (body: PromoShape): { path: 'value' | 'endsAt'; message: string } | null =>
  !valueFits(body)
    ? { path: 'value', message: 'A percent is 1–100' }
    : !amountGiven(body)
      ? { path: 'value', message: 'A fixed discount is at least 1 soʻm' }
      : !windowOrdered(body)
        ? { path: 'endsAt', message: 'The end comes after the start' }
        : null;

export const promoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int(),
  minTotal: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  categories: z.array(z.string()),
  productIds: z.array(z.string()),
  maxUses: z.number().int().nullable(),
  maxUsesPerPhone: z.number().int().nullable(),
  active: z.boolean(),
  /** Orders holding a use now (a cancelled order gave its use back). */
  uses: z.number().int(),
  /** So'm the code has taken off orders that still hold it. */
  discountTotal: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodePageSchema = pagedSchema(promoCodeSchema);
export const promoCodeListQuerySchema = pageQuerySchema;

/** The orders that used a code, newest first. */
export const promoCodeOrdersSchema = z.object({
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      status: z.string(),
      total: z.number().int(),
      discount: z.number().int(),
      phoneNumber: z.string(),
    }),
  ),
});
export type PromoCodeOrders = z.infer<typeof promoCodeOrdersSchema>;

/** The code's line of the totals in the quote and the order (absent without a code). */
export const promoTotalsLineSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** So'm taken off: the goods for percent and fixed, the delivery fee for free_delivery. */
  discount: z.number().int(),
});
export type PromoTotalsLine = z.infer<typeof promoTotalsLineSchema>;
