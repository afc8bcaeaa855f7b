import type { DiscountType } from './constants.js';

export interface Discount {
  type: DiscountType;
  value: number;
  startDate?: string | null;
  endDate?: string | null;
}

export interface PricedProduct {
  price: number;
  isDiscounted: boolean;
  discounts?: Discount | null;
}

/** Money is whole so'm everywhere (docs/decisions/002); inputs with decimals are rounded. */
export function toSom(amount: number): number {
  return Math.round(amount);
}

/** Percentage: round(price × (100 − value) / 100); fixed: max(0, price − value). */
export function applyDiscount(price: number, discount: Pick<Discount, 'type' | 'value'>): number {
  if (discount.type === 'percentage') {
    const percent = Math.min(100, Math.max(0, discount.value));
    return toSom((price * (100 - percent)) / 100);
  }
  return Math.max(0, toSom(price - Math.max(0, discount.value)));
}

function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** A discount counts only inside its date window; no dates means always. */
export function isDiscountWindowOpen(discount: Discount, now: Date = new Date()): boolean {
  const start = parseTime(discount.startDate);
  const end = parseTime(discount.endDate);
  const at = now.getTime();
  if (start !== null && at < start) return false;
  if (end !== null && at > end) return false;
  return true;
}

/**
 * The price a shopper pays per unit right now, or null when no discount is running: switched on,
 * inside its window, and lowering the price (a 0 % discount is not a discount). The storefront's
 * `filter=discount` is this same rule in SQL (server `products/discount-running.ts`); its test runs
 * both over the same rows.
 */
export function activeDiscountedPrice(product: PricedProduct, now: Date = new Date()): number | null {
  const discount = product.discounts;
  if (!product.isDiscounted || !discount) return null;
  if (!isDiscountWindowOpen(discount, now)) return null;
  const discounted = applyDiscount(product.price, discount);
  return discounted < product.price ? discounted : null;
}

/** Whether a product's discount is running now: the rule behind the badge and the sale list. */
export function isDiscountRunning(product: PricedProduct, now: Date = new Date()): boolean {
  return activeDiscountedPrice(product, now) !== null;
}

export function unitPrice(product: PricedProduct, now: Date = new Date()): number {
  return activeDiscountedPrice(product, now) ?? product.price;
}

/** Percent shown on a badge: the value for percentage discounts, otherwise derived from the prices. */
export function discountPercent(product: PricedProduct, discountedPrice: number | null): number {
  if (discountedPrice === null || product.price <= 0) return 0;
  if (product.discounts?.type === 'percentage') return Math.round(product.discounts.value);
  return Math.round(((product.price - discountedPrice) / product.price) * 100);
}

export interface CartLineLike {
  product: PricedProduct;
  quantity: number;
}

export interface CartTotals {
  subtotal: number;
  savings: number;
  total: number;
}

export function cartTotals(lines: readonly CartLineLike[], now: Date = new Date()): CartTotals {
  let subtotal = 0;
  let total = 0;
  for (const line of lines) {
    subtotal += line.product.price * line.quantity;
    total += unitPrice(line.product, now) * line.quantity;
  }
  return { subtotal, savings: subtotal - total, total };
}

export interface OrderLineLike {
  price: number;
  discountedPrice?: number | null;
  quantity: number;
}

/** Staff order lines: the discounted price wins when set (the order line edit). */
export function orderLineTotal(line: OrderLineLike): number {
  const unit = line.discountedPrice ?? line.price;
  return unit * line.quantity;
}

export function orderLineSavings(line: OrderLineLike): number {
  if (line.discountedPrice == null || line.discountedPrice >= line.price) return 0;
  return (line.price - line.discountedPrice) * line.quantity;
}

export function orderTotals(lines: readonly OrderLineLike[]): { total: number; savings: number } {
  let total = 0;
  let savings = 0;
  for (const line of lines) {
    total += orderLineTotal(line);
    savings += orderLineSavings(line);
  }
  return { total, savings };
}

/**
 * The currency's word per language (docs/decisions/021): Uzbek writes soʻm with the official
 * U+02BB, Russian readers read "сум", English keeps the Latin name as English-language shops in
 * Uzbekistan print it.
 */
const SOM_WORDS: Record<string, string> = { uz: 'soʻm', ru: 'сум', en: "so'm" };

/** `1 250 000 soʻm` / `1 250 000 сум` / `1 250 000 so'm`; an unknown language reads Uzbek. */
export function formatSom(amount: number, language: string): string {
  const whole = toSom(amount);
  const sign = whole < 0 ? '-' : '';
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const word = SOM_WORDS[language.slice(0, 2).toLowerCase()] ?? SOM_WORDS.uz;
  return `${sign}${grouped} ${word}`;
}
