import { activeDiscountedPrice, discountPercent, SALE_FALLBACK_DAYS, type Product } from '@shop/common';

export interface PriceView {
  price: number;
  /** The price paid now, or null when no discount is running (decisions.md: no badge outside the window). */
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

/** Card quick-add only proceeds with an id, colours, an image, a name and a description (spec §5). */
export function canQuickAdd(product: Partial<Product> | null | undefined): product is Product {
  return (
    !!product &&
    !!product._id &&
    Array.isArray(product.color) &&
    product.color.length > 0 &&
    Array.isArray(product.productImages) &&
    product.productImages.length > 0 &&
    !!product.name &&
    !!product.description
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sale's end, or SALE_FALLBACK_DAYS from `now` when the end date is missing or invalid (spec §4). */
export function saleEndTime(endDate: string | null | undefined, now: number): number {
  const parsed = endDate ? Date.parse(endDate) : Number.NaN;
  return Number.isNaN(parsed) ? now + SALE_FALLBACK_DAYS * DAY_MS : parsed;
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
