import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';
import { ID_PATTERN } from '../ids.js';
import { LIMITS, PAGE_SIZE } from '../constants.js';

export const idSchema = z.string().regex(ID_PATTERN, 'Invalid id');
export const idParamsSchema = z.object({ id: idSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.admin),
});

/**
 * A number, or text holding one (form fields arrive as text). Blank text, booleans and null are
 * refused, where `z.coerce.number()` would read them as 0 or 1.
 */
export const numericField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'Expected a number'),
  ])
  .transform(Number);

/** The currency word after an amount, as `formatSom` writes it in each language or staff type it. */
const SOM_WORD = /\s*(soʻm|so'm|so’m|som|сум)\.?$/iu;
/** A space grouping thousands (plain, no-break or narrow no-break): `2 450 000`. */
const THOUSANDS_SPACE = /(\d)[\s\u00a0\u202f](?=\d{3}(\D|$))/gu;
/** Digits, grouped by threes or not, a decimal part, then the currency word if any. */
const SOM_TEXT = /^-?(\d+|\d{1,3}([\s\u00a0\u202f]\d{3})+)(\.\d+)?(\s*(soʻm|so'm|so’m|som|сум)\.?)?$/iu;

/**
 * An amount of so'm as staff type it or copy it from the shop's own pages: `2450000`, `2 450 000`,
 * `2 450 000 soʻm`; otherwise as `numericField`. Spaces that do not group thousands are refused.
 */
const somText = z.string().trim().regex(SOM_TEXT, 'Expected a number');
const readSom = (value: number | string) =>
  typeof value === 'number' ? value : Number(value.replace(SOM_WORD, '').replace(THOUSANDS_SPACE, '$1'));

export const somField = z
  .union([z.number(), somText])
  // Rewritten after the check, so the API document shows the text the field takes.
  .transform(readSom);

/** `somField`, or null; one flat union, so the OpenAPI 3.0 form keeps every choice and a type. */
export const somOrNullField = z
  .union([z.number(), somText, z.null()])
  .transform((value) => (value === null ? null : readSom(value)));

const priceRange = z.number().min(0).max(LIMITS.maxPrice).transform(Math.round);
/** A price a staff user types: so'm as a number or text, rounded, within the shop's limit. */
export const priceField = somField.pipe(priceRange);
/** `priceField`, or null to remove it. */
export const priceOrNullField = somOrNullField.pipe(priceRange.nullable());

/** Query flags arrive as strings; only the literal words count. */
export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Form fields arrive as strings in multipart bodies and as booleans in JSON. */
export const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const isoDateTime = z.iso.datetime({ offset: true });

export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Why, in a word a client translates (PROMO_CODE_INVALID: unknown, expired, used_up, …). */
  reason: z.string().optional(),
  /** An outside provider's own words for its refusal (Uzum Nasiya's), in the language it wrote them. */
  providerReason: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function pagedSchema<T extends z.ZodType>(doc: T) {
  return z.object({
    docs: z.array(doc),
    totalDocs: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
export interface Paged<T> {
  docs: T[];
  totalDocs: number;
  totalPages: number;
  page: number;
  limit: number;
}

export const messageSchema = z.object({ message: z.string() });
