import {
  COLOUR_OPTION_CODE,
  isDiscountRunning,
  LIMITS,
  type Product,
  type ProductOption,
  type ProductVariant,
  type VariantValues,
} from '@shop/common';

/** Whether the shopper chooses a variant (a size, a fabric) before ordering. */
export const hasVariants = (product: Pick<Product, 'variants'>): boolean =>
  (product.variants?.length ?? 0) > 0;

/** The variants a shopper may pick (staff reads carry hidden ones too). */
export const activeVariants = (product: Pick<Product, 'variants'>): ProductVariant[] =>
  (product.variants ?? []).filter((variant) => variant.status === 'active');

/** Orderable now: in stock, or made after the order. */
export const canOrder = (variant: ProductVariant): boolean => variant.stock > 0 || variant.madeToOrder;

export const variantBySku = (product: Product, sku: string | null | undefined) =>
  sku
    ? activeVariants(product).find((variant) => variant.sku.toUpperCase() === sku.toUpperCase())
    : undefined;

const paid = (variant: ProductVariant) => variant.discountedPrice ?? variant.price;
const cheapest = (pool: readonly ProductVariant[]) =>
  pool.reduce<ProductVariant | undefined>(
    (best, variant) => (!best || paid(variant) < paid(best) ? variant : best),
    undefined,
  );

/** The variant a card's "from" price names: the lowest price paid now. */
export const cheapestVariant = (product: Product) => cheapest(activeVariants(product));

/** What the page shows before a choice: the cheapest variant that can be ordered. */
export function defaultVariant(product: Product): ProductVariant | undefined {
  const active = activeVariants(product);
  return cheapest(active.some(canOrder) ? active.filter(canOrder) : active);
}

/**
 * The product as one variant sells it: its price and sale price, its stock (a made-to-order one
 * has no stock limit) and its photo first. Prices, totals and stock checks written for a plain
 * product then read the variant.
 */
export function productAs(product: Product, variant: ProductVariant): Product {
  const sale = variant.discountedPrice;
  const running = product.discounts && isDiscountRunning(product) ? product.discounts.endDate : null;
  const photo = variant.image === undefined ? undefined : product.productImages[variant.image];
  return {
    ...product,
    price: variant.price,
    stock: variant.madeToOrder ? LIMITS.maxLineQuantity : variant.stock,
    isDiscounted: sale !== null && sale < variant.price,
    discounts:
      sale !== null && sale < variant.price
        ? { type: 'fixed', value: variant.price - sale, startDate: null, endDate: running ?? null }
        : null,
    productImages: photo
      ? [photo, ...product.productImages.filter((image) => image !== photo)]
      : product.productImages,
  };
}

export type ValueState = 'available' | 'soldOut' | 'missing';

const findVariant = (variants: readonly ProductVariant[], values: VariantValues) =>
  variants.find((variant) => Object.entries(values).every(([code, value]) => variant.values[code] === value));

/** How a value reads beside the current choice: orderable, out of stock, or no such combination. */
export function valueState(
  variants: readonly ProductVariant[],
  chosen: VariantValues,
  option: ProductOption,
  value: string,
): ValueState {
  const variant = findVariant(variants, { ...chosen, [option.code]: value });
  if (!variant) return 'missing';
  return canOrder(variant) ? 'available' : 'soldOut';
}

/**
 * The variant a tap on a value leads to: the same choice with that value when it exists, else
 * the first one with that value that can be ordered (then any with it).
 */
export function variantAfterPick(
  variants: readonly ProductVariant[],
  chosen: VariantValues,
  option: ProductOption,
  value: string,
): ProductVariant | undefined {
  const exact = findVariant(variants, { ...chosen, [option.code]: value });
  if (exact) return exact;
  const withValue = variants.filter((variant) => variant.values[option.code] === value);
  return withValue.find(canOrder) ?? withValue[0];
}

/** The variant's colour as the product's `color` list names it (Uzbek), or '' without a colour option. */
export function variantColour(product: Pick<Product, 'options'>, variant: ProductVariant): string {
  const colour = product.options.find((option) => option.code === COLOUR_OPTION_CODE);
  const value = colour?.values.find((known) => known.code === variant.values[colour.code]);
  return value?.label.uz ?? '';
}
