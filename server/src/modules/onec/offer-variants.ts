import {
  COLOUR_OPTION_CODE,
  LIMITS,
  VARIANT_LIMITS,
  productVariantsInputSchema,
  type ProductOption,
  type ProductVariantsInput,
  type VariantInput,
} from '@shop/common';
import type { ProductRow, ProductVariantRow } from '../../db/schema.js';
import type { OfferItem } from './commerceml.js';
import { XmlRefused } from './xml-reader.js';

/** Characteristics that are the product's colour: they become the shop's colour option. */
export const COLOUR_TRAITS = new Set(['цвет', 'цвет товара', 'rang', 'rangi', 'color', 'colour']);

const LATIN: Record<string, string> = Object.fromEntries(
  [
    ...'а:a б:b в:v г:g д:d е:e ё:yo ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:kh ц:ts ч:ch ш:sh щ:sch ъ: ы:y ь: э:e ю:yu я:ya ў:o қ:q ғ:g ҳ:h'.split(
      ' ',
    ),
  ].map((pair) => pair.split(':') as [string, string]),
);

/** A code for a name 1C wrote in any script: lower-case Latin letters, digits, `_` and `-`. */
function codeOf(text: string, taken: Set<string>, fallback: string): string {
  const latin = [...text.toLowerCase()].map((char) => LATIN[char] ?? char).join('');
  const base =
    latin
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 26) || fallback;
  let code = base;
  for (let n = 2; taken.has(code); n += 1) code = `${base}-${n}`;
  taken.add(code);
  return code;
}

/** The same JSON whatever the order of object keys (jsonb keeps its own order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const valuesKey = (values: Record<string, string>) => canonical(values);

/** The options 1C's characteristics make, in the order they first appear, and each offer's values. */
function optionsOf(offers: readonly OfferItem[]) {
  const optionCodes = new Set<string>();
  const options: (ProductOption & { trait: string; byValue: Map<string, string> })[] = [];
  for (const offer of offers) {
    for (const trait of offer.traits) {
      let option = options.find((known) => known.trait === trait.name);
      if (!option) {
        const colour = COLOUR_TRAITS.has(trait.name.toLowerCase()) && !optionCodes.has(COLOUR_OPTION_CODE);
        const code = colour
          ? COLOUR_OPTION_CODE
          : codeOf(trait.name, optionCodes, `option-${options.length + 1}`);
        optionCodes.add(code);
        option = {
          code,
          name: { uz: trait.name, ru: trait.name },
          values: [],
          trait: trait.name,
          byValue: new Map(),
        };
        options.push(option);
      }
      if (!option.byValue.has(trait.value)) {
        const code = codeOf(
          trait.value,
          new Set(option.values.map((value) => value.code)),
          `v${option.values.length + 1}`,
        );
        option.byValue.set(trait.value, code);
        option.values.push({ code, label: { uz: trait.value || '—', ru: trait.value || '—' } });
      }
    }
  }
  return options;
}

/**
 * A product's offers with characteristics as the shop's options and variants: one variant per
 * offer, its SKU the product's SKU and the characteristic's Ид (stable across exchanges), its price
 * and stock from the offer, or as stored when this file does not give them (1C's split prices and
 * rests files). What 1C does not know (a variant's sale price, made to order, picture) is kept.
 */
export function variantsOf(
  product: ProductRow,
  offers: readonly OfferItem[],
  priceOf: (offer: OfferItem) => number | undefined,
  stored: readonly ProductVariantRow[],
): ProductVariantsInput {
  const options = optionsOf(offers);
  const skus = new Set<string>();
  const variants: VariantInput[] = offers.map((offer) => {
    const values = Object.fromEntries(
      options.map((option) => {
        const trait = offer.traits.find((each) => each.name === option.trait);
        return [option.code, trait ? option.byValue.get(trait.value)! : addMissing(option)];
      }),
    );
    const kept = stored.find((row) => valuesKey(row.values) === valuesKey(values));
    const characteristic = (offer.id.split('#')[1] ?? '')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .toUpperCase();
    let sku = `${product.id.slice(0, 8).toUpperCase()}-${characteristic || '0'}`;
    for (let n = 2; skus.has(sku); n += 1) sku = `${sku}-${n}`;
    skus.add(sku);
    return {
      sku,
      values,
      price: priceOf(offer) ?? kept?.price ?? 0,
      discountedPrice: kept?.discountedPrice ?? null,
      stock: Math.min(LIMITS.maxStock, Math.max(0, Math.floor(offer.quantity ?? kept?.stock ?? 0))),
      madeToOrder: kept?.madeToOrder ?? false,
      leadDays: kept?.leadDays ?? 0,
      status: 'active',
      ...(kept?.image !== null && kept?.image !== undefined && { image: kept.image }),
    };
  });
  const input = {
    options: options.map(({ code, name, values }) => ({ code, name, values })),
    variants,
  };
  if (options.length > VARIANT_LIMITS.maxOptions || variants.length > VARIANT_LIMITS.maxVariants)
    throw new XmlRefused(
      `product ${offers[0]!.productId}: at most ${VARIANT_LIMITS.maxOptions} characteristics and ${VARIANT_LIMITS.maxVariants} offers`,
    );
  const parsed = productVariantsInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new XmlRefused(`product ${offers[0]!.productId}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** An offer without a characteristic the product's other offers have: the value "—". */
function addMissing(option: ProductOption & { byValue: Map<string, string> }): string {
  if (!option.byValue.has('')) {
    option.byValue.set('', 'none');
    option.values.push({ code: 'none', label: { uz: '—', ru: '—' } });
  }
  return 'none';
}

/** Whether the product already has exactly these options and active variants (then nothing is written). */
export function sameVariants(
  product: ProductRow,
  stored: readonly ProductVariantRow[],
  input: ProductVariantsInput,
): boolean {
  if (canonical(product.options) !== canonical(input.options)) return false;
  const active = stored.filter((row) => row.status === 'active');
  if (active.length !== input.variants.length) return false;
  return input.variants.every((variant, position) => {
    const row = active.find((each) => valuesKey(each.values) === valuesKey(variant.values));
    return (
      row !== undefined &&
      row.position === position &&
      row.sku === variant.sku &&
      row.price === variant.price &&
      row.stock === variant.stock
    );
  });
}
