import { z } from 'zod';
import {
  CATEGORIES,
  DISCOUNT_TYPES,
  LIMITS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  SHOP_UTC_OFFSET,
} from '../constants.js';
import {
  booleanField,
  booleanQuery,
  idSchema,
  isoDateTime,
  numericField,
  pageQuerySchema,
  pagedSchema,
} from './common.js';
import { productRatingSchema } from './review.js';

export const discountSchema = z.object({
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  discountedPrice: z.number().int().nullable(),
  isNewProduct: z.boolean(),
  isDiscounted: z.boolean(),
  discounts: discountSchema.nullable(),
  category: z.enum(CATEGORIES),
  color: z.array(z.string()),
  productImages: z.array(z.string()),
  stock: z.number().int(),
  isDeleted: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  rating: productRatingSchema,
});
export type Product = z.infer<typeof productSchema>;
export const productPageSchema = pagedSchema(productSchema);

export const productListQuerySchema = pageQuerySchema.extend({
  status: z.enum([...PRODUCT_STATUSES, 'all']).default('active'),
  category: z.enum([...CATEGORIES, 'all']).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(PRODUCT_SORTS).default('newest'),
  /** Storefront shortcut: `new` arrivals or products whose discount is running now. */
  filter: z.enum(['new', 'discount']).optional(),
  /** Staff-only filters (decisions.md): ignored for everyone else. */
  color: z.string().trim().max(50).optional(),
  isDiscounted: booleanQuery.optional(),
  isDeleted: z.enum(['true', 'false', 'all']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

const COLOR_KEY_PATTERN = /^[\p{L}\p{N}'ʻʼ‘’` -]{1,30}$/u;
const colorKey = z.string().trim().regex(COLOR_KEY_PATTERN, 'Invalid colour');

/** Colours arrive as a list, a JSON list, or one comma-separated string (spec §3). */
function colorList(raw: unknown): unknown {
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (!text.startsWith('[')) return colorList(text.split(','));
    try {
      return colorList(JSON.parse(text));
    } catch {
      return raw;
    }
  }
  if (!Array.isArray(raw)) return raw;
  return raw.map((key) => (typeof key === 'string' ? key.trim() : key)).filter((key) => key !== '');
}

export const colorListField = z.preprocess(
  colorList,
  z
    .array(colorKey)
    .max(20)
    .transform((keys) => [...new Set(keys)]),
);

function parseJsonField(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A plain date starts (or ends) with its whole Tashkent day; a full timestamp is kept as sent. */
const dateField = (boundary: 'start' | 'end') =>
  z.preprocess(
    (raw) => (raw === '' ? null : raw),
    z
      .union([
        isoDateTime.transform((at) => new Date(at).toISOString()),
        z.iso
          .date()
          .transform((day) =>
            new Date(
              `${day}T${boundary === 'start' ? '00:00:00.000' : '23:59:59.999'}${SHOP_UTC_OFFSET}`,
            ).toISOString(),
          ),
      ])
      .nullable()
      .optional(),
  );

export const discountInputSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES),
    value: numericField.pipe(z.number().min(0).max(LIMITS.maxPrice)),
    startDate: dateField('start'),
    endDate: dateField('end'),
  })
  .refine((d) => d.type !== 'percentage' || d.value <= 100, {
    message: 'A percentage discount is at most 100',
    path: ['value'],
  })
  .refine((d) => !d.startDate || !d.endDate || Date.parse(d.startDate) <= Date.parse(d.endDate), {
    message: 'The discount ends before it starts',
    path: ['endDate'],
  });
export type DiscountInput = z.infer<typeof discountInputSchema>;

const money = numericField.pipe(z.number().min(0).max(LIMITS.maxPrice)).transform(Math.round);
const stock = numericField.pipe(z.number().int().min(0).max(LIMITS.maxStock));

const productFields = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000),
  price: money,
  category: z.enum(CATEGORIES),
  stock,
  color: colorListField,
  status: z.enum(PRODUCT_STATUSES),
  isDiscounted: booleanField,
  isNewProduct: booleanField,
  discounts: z.preprocess(parseJsonField, discountInputSchema.nullable().optional()),
});

/** Fields of the staff product form (multipart text fields, spec §7), with the defaults of §3. */
export const productFormSchema = productFields.extend({
  stock: productFields.shape.stock.default(0),
  color: productFields.shape.color.default([]),
  status: productFields.shape.status.default('active'),
  isDiscounted: productFields.shape.isDiscounted.default(false),
  isNewProduct: productFields.shape.isNewProduct.default(false),
});
export type ProductForm = z.infer<typeof productFormSchema>;

/** An update changes only the fields it sends: no defaults here. */
export const productUpdateSchema = productFields.partial().extend({
  imagesToDelete: z.preprocess(parseJsonField, z.array(z.string().max(500)).max(50).optional()),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const deleteImageBodySchema = z.object({ imageUrl: z.string().min(1).max(500) });

export const productIdParams = z.object({ id: idSchema });
