import { DEFAULT_PRICE_RANGE, unitPrice, type Product } from '@shop/common';

export interface PriceRange {
  min: number;
  max: number;
}

/** Slider bounds from the loaded products' prices, 0–10000 when none are loaded (spec §2). */
export function priceBounds(products: readonly Product[], now: Date = new Date()): PriceRange {
  if (products.length === 0) return { ...DEFAULT_PRICE_RANGE };
  const prices = products.map((product) => unitPrice(product, now));
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return { min, max: max > min ? max : min + 1 };
}

/** Client-side price filter over the loaded page, on the price a shopper pays now. */
export function filterByPrice(
  products: readonly Product[],
  range: PriceRange,
  now: Date = new Date(),
): Product[] {
  return products.filter((product) => {
    const price = unitPrice(product, now);
    return price >= range.min && price <= range.max;
  });
}
