import { activeDiscountedPrice, discountPercent, type Product } from '@shop/common';

export interface PriceView {
  price: number;
  /** The price paid now, or null when no discount is running (docs/decisions/006: no badge outside the window). */
  discountedPrice: number | null;
  percent: number;
  savings: number;
}

export function priceView(product: Product, now: Date = new Date()): PriceView {
  const discountedPrice = activeDiscountedPrice(product, now);
  return {
    price: product.price,
    discountedPrice,
    percent: discountPercent(product, discountedPrice),
    savings: discountedPrice === null ? 0 : product.price - discountedPrice,
  };
}

/**
 * Card quick-add only proceeds with an id, an image, a name and a description. A product
 * saved without colours is added with no colour: it has no colour step (decision 016).
 */
export function canQuickAdd(product: Partial<Product> | null | undefined): product is Product {
  return (
    !!product &&
    !!product._id &&
    Array.isArray(product.color) &&
    Array.isArray(product.productImages) &&
    product.productImages.length > 0 &&
    !!product.name &&
    !!product.description
  );
}

/**
 * The sale's end, or null when the discount has no (valid) end date: an open-ended discount shows
 * no countdown, rather than a made-up end (a week from now) that restarts on every visit (decision 016).
 */
export function saleEndTime(endDate: string | null | undefined): number | null {
  const parsed = endDate ? Date.parse(endDate) : Number.NaN;
  return Number.isNaN(parsed) ? null : parsed;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  ended: boolean;
}

export function countdownParts(end: number, now: number): CountdownParts {
  const left = Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    ended: left === 0,
  };
}
