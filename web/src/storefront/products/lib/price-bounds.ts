import { DEFAULT_PRICE_RANGE, unitPrice, type Product } from '@shop/common';

export interface PriceRange {
  min: number;
  max: number;
}

/** Slider bounds from the loaded products' prices, 0–10000 when none are loaded. */
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

export interface SliderScale {
  step: number;
  /** The slider's top position: `max` itself, or the first step past it. */
  top: number;
}

/**
 * About 100 steps over the range. A step that does not divide the range would leave `max`
 * unreachable, so the slider runs to the first step at or past it and that position
 * means `max`.
 */
export function sliderScale({ min, max }: PriceRange): SliderScale {
  const step = Math.max(1, Math.round((max - min) / 100));
  return { step, top: min + Math.ceil((max - min) / step) * step };
}

/** The price a slider position stands for: never past the range. */
export const priceAtSlider = (position: number, { min, max }: PriceRange): number =>
  Math.min(max, Math.max(min, position));

/** The slider position that shows a price: the range's top end sits at the top position. */
export const sliderAtPrice = (price: number, bounds: PriceRange, scale: SliderScale): number =>
  price >= bounds.max ? scale.top : price;
