import { COLOUR_OPTION_CODE, type Language } from './constants.js';
import type { LocalizedLabel, ProductOption, ProductVariant, VariantValues } from './schemas/variant.js';

/** Text in the shopper's language, Uzbek when it has none. */
export const labelIn = (label: LocalizedLabel, language: Language): string => label[language] || label.uz;

/**
 * A variant named by its values, in the options' order: "140×70 cm · Oak". Orders keep it in
 * all three languages as it read when they were placed.
 */
export function variantLabel(
  options: readonly ProductOption[],
  values: VariantValues,
  language: Language,
): string {
  return options
    .map((option) => {
      const value = option.values.find((known) => known.code === values[option.code]);
      return value ? labelIn(value.label, language) : values[option.code];
    })
    .filter(Boolean)
    .join(' · ');
}

export const variantLabels = (
  options: readonly ProductOption[],
  values: VariantValues,
): Required<LocalizedLabel> => ({
  uz: variantLabel(options, values, 'uz'),
  ru: variantLabel(options, values, 'ru'),
  en: variantLabel(options, values, 'en'),
});

type VariantFacts = Pick<ProductVariant, 'price' | 'stock' | 'status' | 'values'>;

/**
 * A product's own price, stock and colours when it has variants, for clients that know none:
 * the lowest active price, the active variants' stock summed, the colour option's Uzbek labels.
 */
export function derivedProductFields(
  options: readonly ProductOption[],
  variants: readonly VariantFacts[],
): { price: number; stock: number; color: string[] } {
  const active = variants.filter((variant) => variant.status === 'active');
  const colour = options.find((option) => option.code === COLOUR_OPTION_CODE);
  return {
    price: active.length > 0 ? Math.min(...active.map((variant) => variant.price)) : 0,
    stock: active.reduce((sum, variant) => sum + variant.stock, 0),
    color: colour ? colour.values.map((value) => value.label.uz) : [],
  };
}

/** Every combination of the options' values, in the options' order: the back office's "generate". */
export function optionCombinations(options: readonly ProductOption[]): VariantValues[] {
  return options.reduce<VariantValues[]>(
    (combinations, option) =>
      combinations.flatMap((values) =>
        option.values.map((value) => ({ ...values, [option.code]: value.code })),
      ),
    [{}],
  );
}

export type VariantChoice =
  { variant: ProductVariant } | { problem: 'VARIANT_REQUIRED' | 'VARIANT_UNAVAILABLE' };

/**
 * Which variant an order line means: by `variantId`, else by `sku`, else, for a client that knows
 * only colours, the one active variant whose colour is `color` (in any language). More than one,
 * or none named at all, is VARIANT_REQUIRED; a hidden or unknown one is VARIANT_UNAVAILABLE.
 */
export function chooseVariant(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  line: { variantId?: string; sku?: string; color?: string },
): VariantChoice {
  const named = line.variantId
    ? variants.find((variant) => variant._id === line.variantId)
    : line.sku
      ? variants.find((variant) => variant.sku.toUpperCase() === line.sku!.toUpperCase())
      : undefined;
  if (line.variantId || line.sku) {
    return named && named.status === 'active' ? { variant: named } : { problem: 'VARIANT_UNAVAILABLE' };
  }
  const colour = options.find((option) => option.code === COLOUR_OPTION_CODE);
  const wanted = line.color?.trim().toLowerCase();
  if (!colour || !wanted) return { problem: 'VARIANT_REQUIRED' };
  const value = colour.values.find((known) =>
    [known.code, known.label.uz, known.label.ru, known.label.en].some(
      (text) => text?.toLowerCase() === wanted,
    ),
  );
  const matching = variants.filter(
    (variant) => variant.status === 'active' && value && variant.values[colour.code] === value.code,
  );
  return matching.length === 1 ? { variant: matching[0]! } : { problem: 'VARIANT_REQUIRED' };
}

/**
 * Working days an order waits for production before its delivery days start: the longest lead of
 * a made-to-order variant ordered beyond its stock. One whose stock covers the quantity ships
 * from stock, with no lead.
 */
export function productionLeadDays(
  lines: readonly {
    quantity: number;
    variant?: Pick<ProductVariant, 'madeToOrder' | 'leadDays' | 'stock'> | null;
  }[],
): number {
  return lines.reduce(
    (longest, { quantity, variant }) =>
      variant?.madeToOrder && quantity > variant.stock ? Math.max(longest, variant.leadDays) : longest,
    0,
  );
}
