import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import {
  DELIVERY_METHODS,
  DELIVERY_STATUSES,
  MAX_FLOOR,
  REGIONS,
  type DeliverySettings,
} from '../delivery.js';
import { isPlainDay } from '../shop-day.js';
import { idSchema, numericField, somField, somOrNullField } from './common.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments.js';
import { promoCodeField, promoTotalsLineSchema } from './promotion.js';

/** Delivery (zones, slots, the quote, an order's delivery): see docs/decisions/018-delivery.md. */

const som = z.number().int().min(0).max(LIMITS.maxPrice);
/** A tariff as staff type it: `1 000 000` and `1 000 000 soʻm` are the amount, not an error or nothing. */
const somInput = somField.pipe(som);
const regionField = z.enum(REGIONS, { error: 'Unknown region' });
const SLOT_PATTERN = /^([01]\d|2[0-3])-([01]\d|2[0-4])$/;
export const slotField = z
  .string()
  .regex(SLOT_PATTERN, 'A slot is written as HH-HH, e.g. 09-13')
  .refine((slot) => Number(slot.slice(0, 2)) < Number(slot.slice(3)), 'A slot ends after it starts');
export const deliveryDayField = z
  .string()
  .refine(isPlainDay, { message: 'A date is written as YYYY-MM-DD', params: { kind: 'date' } });

export const regionNamesSchema = z.object({ uz: z.string(), ru: z.string(), en: z.string() });

export const deliveryZoneSchema = z.object({
  region: z.enum(REGIONS),
  /** In the language asked for (`lang`, Uzbek by default); `names` holds all three. */
  name: z.string(),
  names: regionNamesSchema,
  enabled: z.boolean(),
  fee: z.number().int(),
  freeFrom: z.number().int().nullable(),
  leadDays: z.number().int(),
});
export type DeliveryZoneDto = z.infer<typeof deliveryZoneSchema>;
export const deliveryZonesSchema = z.object({ docs: z.array(deliveryZoneSchema) });
export const deliveryZonesQuerySchema = z.object({ lang: z.enum(LANGUAGES).default('uz') });
export const regionParamsSchema = z.object({ region: regionField });

/** A zone's tariff; a field left out keeps its value. */
export const deliveryZoneUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    fee: somInput.optional(),
    freeFrom: somOrNullField.pipe(som.nullable()).optional(),
    leadDays: numericField.pipe(z.number().int().min(0).max(30)).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send enabled, fee, freeFrom or leadDays',
  });
export type DeliveryZoneUpdate = z.infer<typeof deliveryZoneUpdateSchema>;

export const deliverySettingsSchema = z.object({
  slots: z.array(z.string()),
  slotCapacity: z.number().int(),
  closedWeekdays: z.array(z.number().int()),
  carryPerFloor: z.number().int(),
}) satisfies z.ZodType<DeliverySettings>;

export const deliverySettingsUpdateSchema = z
  .object({
    slots: z
      .array(slotField)
      .min(1)
      .max(8)
      .refine((slots) => new Set(slots).size === slots.length, 'Each slot once')
      .optional(),
    slotCapacity: numericField.pipe(z.number().int().min(1).max(1000)).optional(),
    /** At most six: a shop closed every day could never deliver. */
    closedWeekdays: z
      .array(z.number().int().min(1).max(7))
      .max(6)
      .transform((days) => [...new Set(days)].sort())
      .refine((days) => days.length <= 6, 'At least one weekday stays open')
      .optional(),
    carryPerFloor: somInput.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send slots, slotCapacity, closedWeekdays or carryPerFloor',
  });
export type DeliverySettingsUpdate = z.infer<typeof deliverySettingsUpdateSchema>;

const floorField = z.number().int().min(1).max(MAX_FLOOR);

export const quoteRequestSchema = z.object({
  region: regionField,
  items: z
    .array(
      z.object({
        productId: idSchema,
        quantity: z.number().int().min(1).max(LIMITS.maxLineQuantity),
        color: z.string().trim().max(30).default(''),
        /** The cart line's variant: priced by it, and a made-to-order one beyond stock delays the dates. */
        variantId: idSchema.optional(),
      }),
    )
    .min(1)
    .max(LIMITS.maxOrderLines),
  assembly: z.boolean().default(false),
  floor: floorField.default(1),
  lift: z.boolean().default(false),
  promoCode: promoCodeField.optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteSchema = z.object({
  goods: z.number().int(),
  delivery: z.number().int(),
  assembly: z.number().int(),
  carry: z.number().int(),
  total: z.number().int(),
  /** The promo code's line, already taken off `total` (and off `delivery` for free delivery). */
  promo: promoTotalsLineSchema.optional(),
  earliestDate: z.string(),
  /** Whether any line offers assembly (so the shopper is asked). */
  assemblyOffered: z.boolean(),
  dates: z.array(
    z.object({
      date: z.string(),
      slots: z.array(z.object({ slot: z.string(), available: z.boolean(), left: z.number().int() })),
    }),
  ),
});
export type Quote = z.infer<typeof quoteSchema>;

export const deliveryAddressSchema = z.object({
  street: z.string().trim().min(1, 'Street is required').max(200),
  house: z.string().trim().min(1, 'House is required').max(200),
  apartment: z.string().trim().max(20).optional(),
  /** Moʻljal: the landmark people here give directions by. */
  landmark: z.string().trim().max(300).optional(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

const required = (message: string) => ({ message, params: { kind: 'required' } });

/** `POST /api/orders` `delivery`; left out, the order is `arrange` (staff agree it by phone). */
export const orderDeliveryInputSchema = z
  .object({
    method: z.enum(DELIVERY_METHODS),
    region: regionField.optional(),
    address: deliveryAddressSchema.optional(),
    floor: floorField.default(1),
    lift: z.boolean().default(false),
    date: deliveryDayField.optional(),
    slot: z.string().max(20).optional(),
    assembly: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'courier') return;
    if (!body.region) ctx.addIssue({ code: 'custom', path: ['region'], ...required('Choose a region') });
    if (!body.address) ctx.addIssue({ code: 'custom', path: ['address'], ...required('Enter the address') });
    if (!body.date) ctx.addIssue({ code: 'custom', path: ['date'], ...required('Choose a date') });
    if (!body.slot) ctx.addIssue({ code: 'custom', path: ['slot'], ...required('Choose a time') });
  });
export type OrderDeliveryInput = z.input<typeof orderDeliveryInputSchema>;
export type OrderDeliveryOrder = z.output<typeof orderDeliveryInputSchema>;

/** An order's delivery on the wire; the public lookup by phone leaves `address` out. */
export const orderDeliverySchema = z.object({
  method: z.enum(DELIVERY_METHODS),
  region: z.enum(REGIONS).optional(),
  address: deliveryAddressSchema.optional(),
  floor: z.number().int().optional(),
  lift: z.boolean().optional(),
  date: z.string().optional(),
  slot: z.string().optional(),
  assembly: z.boolean(),
  fee: z.number().int(),
  assemblyFee: z.number().int(),
  carryFee: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** Staff `PATCH /api/orders/{id}/delivery`: a move keeps to the slot's capacity. */
export const orderDeliveryPatchSchema = z
  .object({
    status: z.enum(DELIVERY_STATUSES).optional(),
    date: deliveryDayField.optional(),
    slot: z.string().max(20).optional(),
    address: deliveryAddressSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send status, date, slot or address',
  });
export type OrderDeliveryPatch = z.infer<typeof orderDeliveryPatchSchema>;

export const deliveryRunsQuerySchema = z.object({ date: deliveryDayField });

/** One order on a day's run sheet. */
export const deliveryRunSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  customer: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  region: z.enum(REGIONS),
  slot: z.string(),
  address: deliveryAddressSchema,
  floor: z.number().int(),
  lift: z.boolean(),
  assembly: z.boolean(),
  status: z.enum(DELIVERY_STATUSES),
  lines: z.array(
    z.object({
      name: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      /** The variant to bring (absent: a plain product): its SKU and its label in each language. */
      variant: z
        .object({ sku: z.string(), label: z.object({ uz: z.string(), ru: z.string(), en: z.string() }) })
        .optional(),
    }),
  ),
  total: z.number().int(),
  /** How the order is paid, so the sheet names the method and state instead of guessing. */
  payment: z.object({ method: z.enum(PAYMENT_METHODS), status: z.enum(PAYMENT_STATUSES) }),
  /** What the courier collects in cash (`amountToCollect`): 0 unless cash on delivery is unpaid. */
  toCollect: z.number().int(),
});
export type DeliveryRun = z.infer<typeof deliveryRunSchema>;
export const deliveryRunsSchema = z.object({ date: z.string(), docs: z.array(deliveryRunSchema) });
