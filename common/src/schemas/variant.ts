import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { numericField, priceField, priceOrNullField } from './common.js';

/** How far options and variants go: three options, as the peers allow; enough sizes × colours. */
export const VARIANT_LIMITS = {
  maxOptions: 3,
  maxValuesPerOption: 30,
  maxVariants: 100,
  maxLeadDays: 365,
} as const;

export const VARIANT_STATUSES = ['active', 'hidden'] as const;
export type VariantStatus = (typeof VARIANT_STATUSES)[number];

/** Codes go into addresses (`?opt.size=120x60`) and sheets' column names: short, plain, lower case. */
const CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,29}$/;
export const optionCodeField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(CODE_PATTERN, 'A code is 1–30 lower-case letters, digits, _ or -');

/** Text in the three languages; Uzbek is required, the others fall back to it. */
export const localizedLabelSchema = z.object({
  uz: z.string().trim().min(1).max(60),
  ru: z.string().trim().max(60).optional(),
  en: z.string().trim().max(60).optional(),
});
export type LocalizedLabel = z.infer<typeof localizedLabelSchema>;

export const SWATCH_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** A `#rrggbb` colour, or the index of one of the product's pictures (a fabric, a wood). */
export const swatchSchema = z.union([
  z.string().regex(SWATCH_COLOUR_PATTERN, 'A swatch is #rrggbb or a picture number'),
  z.number().int().min(0).max(49),
]);

export const optionValueSchema = z.object({
  code: optionCodeField,
  label: localizedLabelSchema,
  swatch: swatchSchema.optional(),
});
export type OptionValue = z.infer<typeof optionValueSchema>;

export const productOptionSchema = z.object({
  code: optionCodeField,
  name: localizedLabelSchema,
  values: z.array(optionValueSchema).min(1).max(VARIANT_LIMITS.maxValuesPerOption),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** `{<optionCode>: <valueCode>}`, one entry per option of the product. */
export const variantValuesSchema = z.record(optionCodeField, optionCodeField);
export type VariantValues = z.infer<typeof variantValuesSchema>;

/** SKUs are the shop's and the warehouse's: printable, no spaces, unique in the shop. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,39}$/;
export const skuField = z.string().trim().regex(SKU_PATTERN, 'A SKU is 1–40 letters, digits or . _ - /');

/** A variant as every reader gets it. */
export const productVariantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  values: variantValuesSchema,
  price: z.number().int(),
  /** The price paid now: the variant's own sale price, else the product's running discount. */
  discountedPrice: z.number().int().nullable(),
  stock: z.number().int(),
  /** Made after the order: may be ordered beyond its stock, delivered `leadDays` working days later. */
  madeToOrder: z.boolean(),
  leadDays: z.number().int(),
  status: z.enum(VARIANT_STATUSES),
  /** Index into the product's `productImages`: the photo shown when this variant is chosen. */
  image: z.number().int().optional(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A variant as staff send it; `_id` keeps an existing one (its orders and stock), absent = new. */
export const variantInputSchema = z.object({
  _id: z.string().max(40).optional(),
  sku: skuField,
  values: variantValuesSchema,
  price: priceField,
  /** The variant's own sale price, in force while set; null or absent: the product's discount. */
  discountedPrice: priceOrNullField.optional(),
  stock: numericField.pipe(z.number().int().min(0).max(LIMITS.maxStock)),
  madeToOrder: z.boolean().default(false),
  leadDays: z.number().int().min(0).max(VARIANT_LIMITS.maxLeadDays).default(0),
  status: z.enum(VARIANT_STATUSES).default('active'),
  image: z.number().int().min(0).max(49).optional(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

/**
 * Options and variants sent together (they are checked against each other): codes unique, every
 * variant naming one value of every option, no combination twice, SKUs unique within the product.
 * An empty `options` with no variants turns a product back into a plain one.
 */
export const productVariantsInputSchema = z
  .object({
    options: z.array(productOptionSchema).max(VARIANT_LIMITS.maxOptions),
    variants: z.array(variantInputSchema).max(VARIANT_LIMITS.maxVariants),
  })
  .superRefine((input, ctx) => {
    const problem = variantsProblem(input.options, input.variants);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });
export type ProductVariantsInput = z.infer<typeof productVariantsInputSchema>;

function duplicate(items: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item)) return item;
    seen.add(item);
  }
  return undefined;
}

/** The first way options and variants disagree, with the path of the field to fix. */
export function variantsProblem(
  options: readonly ProductOption[],
  variants: readonly Pick<VariantInput, 'sku' | 'values'>[],
): { message: string; path: (string | number)[] } | null {
  const optionCode = duplicate(options.map((option) => option.code));
  if (optionCode) return { message: `Option ${optionCode} is listed twice`, path: ['options'] };
  for (const [index, option] of options.entries()) {
    const valueCode = duplicate(option.values.map((value) => value.code));
    if (valueCode)
      return {
        message: `Value ${valueCode} of option ${option.code} is listed twice`,
        path: ['options', index, 'values'],
      };
  }
  if (options.length === 0 && variants.length > 0)
    return { message: 'Variants need at least one option', path: ['variants'] };
  if (options.length > 0 && variants.length === 0)
    return { message: 'Options need at least one variant', path: ['variants'] };
  const combinations = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const codes = Object.keys(variant.values);
    for (const option of options) {
      const value = variant.values[option.code];
      if (!value || !option.values.some((known) => known.code === value))
        return {
          message: `Variant ${variant.sku} needs a value of option ${option.code}`,
          path: ['variants', index, 'values'],
        };
    }
    if (codes.length !== options.length)
      return {
        message: `Variant ${variant.sku} names an option the product does not have`,
        path: ['variants', index, 'values'],
      };
    const combination = options.map((option) => variant.values[option.code]).join('\u0000');
    if (combinations.has(combination))
      return { message: `Two variants have the values of ${variant.sku}`, path: ['variants', index] };
    combinations.add(combination);
  }
  const sku = duplicate(variants.map((variant) => variant.sku.toUpperCase()));
  if (sku) return { message: `SKU ${sku} is used twice`, path: ['variants'] };
  return null;
}
