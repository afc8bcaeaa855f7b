import { z } from 'zod';
import {
  CATEGORIES,
  DEFAULT_LANGUAGE,
  DISCOUNT_TYPES,
  LANGUAGES,
  LIMITS,
  OPTION_FILTER_PREFIX,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
} from '../constants.js';
import {
  booleanField,
  booleanQuery,
  idSchema,
  isoDateTime,
  numericField,
  pageQuerySchema,
  pagedSchema,
  priceField,
  somField,
} from './common.js';
import { productTranslationsSchema } from './product-translations.js';
import { productRatingSchema } from './review.js';
import { VARIANT_LIMITS, optionCodeField, productOptionSchema, productVariantSchema } from './variant.js';
import { shopDayEnd, shopDayStart } from '../shop-day.js';
import { IKPU_PATTERN, PACKAGE_CODE_PATTERN, VAT_PERCENTS } from '../fiscal.js';

/** The main fields' limits; a translation may be no longer than the field it translates. */
export const PRODUCT_TEXT_LIMITS = { name: 200, description: 5000 } as const;

export { productTranslationsSchema };

export const discountSchema = z.object({
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

/** Widths every uploaded picture is kept at as AVIF and WebP (narrower originals: never enlarged). */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/** One product picture in sizes a phone can choose from. */
export const productImageSchema = z.object({
  /** The stored original, as listed in `productImages`. */
  src: z.string(),
  /** Of the original (upright), for the page to reserve the space. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** ThumbHash of the picture, base64: a blurred preview painted while it loads. */
  placeholder: z.string(),
  /** `srcset` strings: `/uploads/products/v/{hash}.avif 320w, …`. */
  avif: z.string(),
  webp: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  discountedPrice: z.number().int().nullable(),
  /** So'm per unit for assembly at the door; 0 = no assembly offered. */
  assemblyPrice: z.number().int(),
  isNewProduct: z.boolean(),
  isDiscounted: z.boolean(),
  discounts: discountSchema.nullable(),
  category: z.enum(CATEGORIES),
  color: z.array(z.string()),
  productImages: z.array(z.string()),
  /** The converted pictures of `productImages`, in its order; a picture not yet converted is absent. */
  images: z.array(productImageSchema),
  stock: z.number().int(),
  isDeleted: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  rating: productRatingSchema,
  translations: productTranslationsSchema,
  /** MXIK code of tasnif.soliq.uz; null until staff fill it (the product cannot be paid online). */
  ikpu: z.string().nullable(),
  packageCode: z.string().nullable(),
  vatPercent: z.number().int(),
  /**
   * Empty for a product sold as one thing. With options, `price`, `stock` and `color` are derived
   * from the variants for clients that know none: the lowest active price, the summed stock, the
   * colour option's labels.
   */
  options: z.array(productOptionSchema),
  variants: z.array(productVariantSchema),
});
export type Product = z.infer<typeof productSchema>;
export const productPageSchema = pagedSchema(productSchema);

/** Comma-separated product ids (a cart's lines), at most one order's worth. */
const productIdsQuery = z
  .string()
  .max(LIMITS.maxOrderLines * 25)
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(idSchema).min(1).max(LIMITS.maxOrderLines))
  .describe(
    `Comma-separated product ids, at most ${LIMITS.maxOrderLines}: the cart refreshes all its lines with one call. ` +
      'The answer is one page holding every listed product the caller may see (page and limit are ignored); ' +
      'an id that is missing from it is deleted, paused or unknown.',
  );

/** Product list parameters anyone may send. */
const shopListFields = pageQuerySchema.extend({
  /** Shoppers see active products only; `active` is accepted from them, the rest is staff's. */
  status: z.enum([...PRODUCT_STATUSES, 'all']).default('active'),
  category: z.enum([...CATEGORIES, 'all']).optional(),
  search: z.string().trim().max(100).optional(),
  /** Absent: newest first, or by relevance when searching (decision 012). */
  sort: z.enum(PRODUCT_SORTS).optional(),
  /** Storefront shortcut: `new` arrivals or products whose discount is running now. */
  filter: z.enum(['new', 'discount']).optional(),
  ids: productIdsQuery.optional(),
});

/** `opt.<code>=<value>` parameters gathered into `opt`, the rest left for the strict check. */
function gatherOptionFilters(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const rest: Record<string, unknown> = {};
  const opt: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith(OPTION_FILTER_PREFIX)) opt[key.slice(OPTION_FILTER_PREFIX.length)] = value;
    else rest[key] = value;
  }
  return Object.keys(opt).length > 0 ? { ...rest, opt } : rest;
}

const optionFiltersField = z
  .record(optionCodeField, optionCodeField)
  .refine((filters) => Object.keys(filters).length <= VARIANT_LIMITS.maxOptions, {
    message: `At most ${VARIANT_LIMITS.maxOptions} option filters`,
  })
  .describe(
    'Sent as `opt.<optionCode>=<valueCode>` query parameters (at most three, e.g. `opt.size=120x60&opt.colour=oak`): ' +
      'products having an active variant with all those values. An unknown value matches nothing.',
  );

/**
 * GET /api/products. `color`, `isDiscounted`, `isDeleted` and a status other than `active` are
 * staff filters (docs/decisions/003): a shopper sending one is answered 400, as is an unknown name.
 */
const productListFieldsSchema = z.strictObject(
  {
    ...shopListFields.shape,
    color: z.string().trim().max(50).optional(),
    isDiscounted: booleanQuery.optional(),
    isDeleted: z.enum(['true', 'false', 'all']).optional(),
    /** `true`: only products a receipt cannot be printed for (no MXIK or package code). */
    missingFiscalData: booleanQuery.optional(),
    opt: optionFiltersField.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined,
  },
);
export const productListQuerySchema = z.preprocess(gatherOptionFilters, productListFieldsSchema);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

const COLOR_KEY_PATTERN = /^[\p{L}\p{N}'ʻʼ‘’` -]{1,30}$/u;
const colorKey = z.string().trim().regex(COLOR_KEY_PATTERN, 'Invalid colour');

/** Colours arrive as a list, a JSON list, or one comma-separated string. */
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
            boundary === 'start'
              ? shopDayStart(day).toISOString()
              : new Date(shopDayEnd(day).getTime() - 1).toISOString(),
          ),
        // null inside the union (not `.nullable()`), so the OpenAPI 3.0 form keeps a type.
        z.null(),
      ])
      .optional(),
  );

export const discountInputSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES),
    value: somField.pipe(z.number().min(0).max(LIMITS.maxPrice)),
    startDate: dateField('start'),
    endDate: dateField('end'),
  })
  .refine((d) => d.type !== 'percentage' || d.value <= 100, {
    message: 'A percentage discount is at most 100',
    path: ['value'],
    params: { kind: 'percentMax' },
  })
  .refine((d) => !d.startDate || !d.endDate || Date.parse(d.startDate) <= Date.parse(d.endDate), {
    message: 'The discount ends before it starts',
    path: ['endDate'],
    params: { kind: 'endBeforeStart' },
  });
export type DiscountInput = z.infer<typeof discountInputSchema>;

const stock = numericField.pipe(z.number().int().min(0).max(LIMITS.maxStock));

/** A sent field replaces the stored one; an empty one removes it, so the text falls back to Uzbek. */
const translationInput = z
  .object({
    name: z.string().trim().max(PRODUCT_TEXT_LIMITS.name).optional(),
    description: z.string().trim().max(PRODUCT_TEXT_LIMITS.description).optional(),
  })
  .strict();
export const productTranslationsInputSchema = z
  .object({ ru: translationInput.optional(), en: translationInput.optional() })
  .strict();
export type ProductTranslationsInput = z.infer<typeof productTranslationsInputSchema>;

/** Blank text clears a code (null); anything else must match, with a message naming the field. */
const fiscalCode = (field: string, pattern: RegExp, rule: string) =>
  z.preprocess(
    (raw) =>
      typeof raw === 'string' && raw.trim() === '' ? null : typeof raw === 'string' ? raw.trim() : raw,
    z.union([z.string().regex(pattern, `${field} must be ${rule}`), z.null()], {
      error: `${field} must be ${rule}`,
    }),
  );

const vatPercentField = numericField.pipe(
  z.union(
    VAT_PERCENTS.map((rate) => z.literal(rate)),
    { error: `vatPercent must be one of ${VAT_PERCENTS.join(', ')}` },
  ),
);

const productFields = z.object({
  name: z.string().trim().min(1).max(PRODUCT_TEXT_LIMITS.name),
  description: z.string().trim().min(1).max(PRODUCT_TEXT_LIMITS.description),
  price: priceField,
  assemblyPrice: priceField,
  category: z.enum(CATEGORIES),
  stock,
  color: colorListField,
  status: z.enum(PRODUCT_STATUSES),
  isDiscounted: booleanField,
  isNewProduct: booleanField,
  discounts: z.preprocess(parseJsonField, discountInputSchema.nullable().optional()),
  /** JSON form field: `{"ru": {"name", "description"}, "en": {...}}`. */
  translations: z.preprocess(parseJsonField, productTranslationsInputSchema.optional()),
  ikpu: fiscalCode('ikpu', IKPU_PATTERN, '17 digits (the MXIK code from tasnif.soliq.uz)'),
  packageCode: fiscalCode(
    'packageCode',
    PACKAGE_CODE_PATTERN,
    'digits only (the package code of the MXIK code)',
  ),
  /** Absent on a new product: the shop's VAT_PERCENT. */
  vatPercent: vatPercentField,
});

/** Fields of the staff product form (multipart text fields), with the defaults of a new product. */
export const productFormSchema = productFields.extend({
  stock: productFields.shape.stock.default(0),
  assemblyPrice: productFields.shape.assemblyPrice.default(0),
  color: productFields.shape.color.default([]),
  status: productFields.shape.status.default('active'),
  isDiscounted: productFields.shape.isDiscounted.default(false),
  isNewProduct: productFields.shape.isNewProduct.default(false),
  ikpu: productFields.shape.ikpu.optional(),
  packageCode: productFields.shape.packageCode.optional(),
  vatPercent: productFields.shape.vatPercent.optional(),
});
export type ProductForm = z.infer<typeof productFormSchema>;

/** An update changes only the fields it sends: no defaults here. */
export const productUpdateSchema = productFields.partial().extend({
  imagesToDelete: z.preprocess(parseJsonField, z.array(z.string().max(500)).max(50).optional()),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const suggestQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(10).default(5),
  lang: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

export const productSuggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().int(),
  discountedPrice: z.number().int().nullable(),
  /** The first photo's path, or null for a product without one. */
  image: z.string().nullable(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;
export const productSuggestionsSchema = z.object({ docs: z.array(productSuggestionSchema) });

export const deleteImageBodySchema = z.object({ imageUrl: z.string().min(1).max(500) });
