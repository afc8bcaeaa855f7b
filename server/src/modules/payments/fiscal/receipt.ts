import { IKPU_PATTERN } from '@shop/common';
import type { ServiceCodes } from '../../../config/fiscal-config.js';
import { toTiyin } from '../checkout-urls.js';

/*
 * One order as a fiscal receipt (docs/decisions/023-fiscal-receipts.md): pure functions, so the
 * rule "the receipt adds up to the amount paid, to the tiyin" is tested over random carts.
 */

export interface ReceiptLineSource {
  title: string;
  /** The variant's label (Uzbek, as the receipt is), for a product with options. */
  variant?: string | null;
  /** So'm per unit before the discount. */
  price: number;
  /** So'm per unit paid, when it differs from `price`. */
  discountedPrice: number | null;
  quantity: number;
  ikpu: string | null;
  packageCode: string | null;
  vatPercent: number;
  /** Tiyin of the order's promo discount this line carries (its share, spread by largest remainder). */
  promoDiscount?: number;
}

export interface ReceiptOrderSource {
  lines: readonly ReceiptLineSource[];
  deliveryFee: number;
  assemblyFee: number;
  carryFee: number;
}

export interface ReceiptCodes {
  /** The rate of the service lines (VAT_PERCENT). */
  vatPercent: number;
  delivery: ServiceCodes | undefined;
  assembly: ServiceCodes | undefined;
}

/**
 * A receipt line in so'm: `count` units at `unitPrice`, less `discount` for the whole line, less
 * `promoTiyin` (the promo code's share, in tiyin: it need not be whole so'm).
 */
export interface ReceiptItem {
  /** The product's name; with `variant` after it in brackets when the line has one. */
  title: string;
  variant?: string;
  unitPrice: number;
  count: number;
  discount: number;
  promoTiyin: number;
  code: string;
  packageCode: string;
  vatPercent: number;
}

export interface Receipt {
  items: ReceiptItem[];
  /** The delivery fee on its own: Payme's `shipping` (Click gets it as one more item). */
  delivery: ReceiptItem | null;
}

/** The shopper-facing titles of the service lines, as the receipt prints them. */
export const SERVICE_TITLES = {
  delivery: 'Yetkazib berish',
  assembly: 'Yigʻish (montaj)',
  carry: 'Qavatga koʻtarish',
} as const;

/** A receipt line's full title: "Stol (140×70 sm · Eman)" for a variant. */
export const itemTitle = (item: Pick<ReceiptItem, 'title' | 'variant'>): string =>
  item.variant ? `${item.title} (${item.variant})` : item.title;

/** What keeps an order from a receipt: the titles of lines without codes, and services without codes. */
export function missingFiscalData(order: ReceiptOrderSource, codes: ReceiptCodes): string[] {
  const missing = order.lines
    .filter((line) => !line.ikpu || !IKPU_PATTERN.test(line.ikpu) || !line.packageCode)
    .map((line) => itemTitle({ title: line.title, variant: line.variant ?? undefined }));
  if ((order.deliveryFee > 0 || order.carryFee > 0) && !codes.delivery) missing.push(SERVICE_TITLES.delivery);
  if (order.assemblyFee > 0 && !codes.assembly) missing.push(SERVICE_TITLES.assembly);
  return [...new Set(missing)];
}

const service = (title: string, fee: number, codes: ServiceCodes, vatPercent: number): ReceiptItem => ({
  title,
  unitPrice: fee,
  count: 1,
  discount: 0,
  promoTiyin: 0,
  code: codes.ikpu,
  packageCode: codes.packageCode,
  vatPercent,
});

/**
 * The receipt of an order whose fiscal data is complete (check `missingFiscalData` first). A line
 * sold below its price carries the difference as its discount; one sold above it (a staff edit)
 * is printed at the price paid.
 */
export function receiptOf(order: ReceiptOrderSource, codes: ReceiptCodes): Receipt {
  const items: ReceiptItem[] = order.lines.map((line) => {
    const paid = line.discountedPrice ?? line.price;
    const unitPrice = Math.max(line.price, paid);
    return {
      title: line.title,
      ...(line.variant && { variant: line.variant }),
      unitPrice,
      count: line.quantity,
      discount: (unitPrice - paid) * line.quantity,
      promoTiyin: line.promoDiscount ?? 0,
      code: line.ikpu!,
      packageCode: line.packageCode!,
      vatPercent: line.vatPercent,
    };
  });
  if (order.assemblyFee > 0)
    items.push(service(SERVICE_TITLES.assembly, order.assemblyFee, codes.assembly!, codes.vatPercent));
  if (order.carryFee > 0)
    items.push(service(SERVICE_TITLES.carry, order.carryFee, codes.delivery!, codes.vatPercent));
  const delivery =
    order.deliveryFee > 0
      ? service(SERVICE_TITLES.delivery, order.deliveryFee, codes.delivery!, codes.vatPercent)
      : null;
  return { items, delivery };
}

/** Tiyin the receipt adds up to. */
export const receiptTotal = (receipt: Receipt): number =>
  [...receipt.items, ...(receipt.delivery ? [receipt.delivery] : [])].reduce(
    (sum, item) => sum + toTiyin(item.unitPrice * item.count - item.discount) - item.promoTiyin,
    0,
  );

/** Tiyin off a whole line: the price's own discount and the promo code's share. */
const lineDiscountTiyin = (item: ReceiptItem) => toTiyin(item.discount) + item.promoTiyin;

export interface PaymeDetail {
  receipt_type: 0;
  items: {
    title: string;
    price: number;
    count: number;
    code: string;
    package_code: string;
    vat_percent: number;
    discount?: number;
  }[];
  shipping?: { title: string; price: number };
}

/** Payme's `detail`: tiyin per unit, the discount (price's and code's) for the whole line, delivery as `shipping`. */
export function paymeDetail(receipt: Receipt): PaymeDetail {
  return {
    receipt_type: 0,
    items: receipt.items.map((item) => ({
      title: itemTitle(item),
      price: toTiyin(item.unitPrice),
      count: item.count,
      code: item.code,
      package_code: item.packageCode,
      vat_percent: item.vatPercent,
      ...(lineDiscountTiyin(item) > 0 && { discount: lineDiscountTiyin(item) }),
    })),
    ...(receipt.delivery && {
      shipping: { title: receipt.delivery.title, price: toTiyin(receipt.delivery.unitPrice) },
    }),
  };
}

export interface ClickReceiptItem {
  /** The line's title, at most `CLICK_NAME_MAX` characters. */
  Name: string;
  SPIC: string;
  PackageCode: string;
  /** Tiyin for the whole line (count × unit price), before its discount. */
  Price: number;
  /** Tiyin off the whole line: the price's own discount and the promo code's share. */
  Discount: number;
  Amount: number;
  /** Tiyin of VAT inside what is paid for the line (`Price − Discount`). */
  VAT: number;
  VATPercent: number;
  /** The shop's TIN (SHOP_TIN): Click refuses a line without it. */
  CommissionInfo: { TIN: string };
}

/** Click refuses an item `Name` longer than this. */
export const CLICK_NAME_MAX = 63;

/** `text` cut to `max` code points at a word's end when one is near, without a dangling separator. */
function cutText(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max + 1).join('');
  const space = head.lastIndexOf(' ');
  const hard = chars.slice(0, max).join('');
  // A title of separators only keeps them rather than become an empty name.
  return (space >= max - 23 ? head.slice(0, space) : hard).replace(/[\s,;:.\-–—/(]+$/u, '') || hard;
}

/** Characters of the product's name a variant's line keeps at least before its label is cut too. */
const NAME_KEPT = 16;

/**
 * A title cut to Click's `Name` length: at a word's end when one is near, never inside a
 * character (counted by code point), without a dangling separator. A variant's label is what
 * tells the goods apart, so the product's name is shortened first and the label kept whole.
 */
export function clickName(title: string, variant?: string): string {
  if (!variant) return cutText(title, CLICK_NAME_MAX);
  const full = itemTitle({ title: title.trim(), variant });
  const label = ` (${variant.trim()})`;
  const room = CLICK_NAME_MAX - Array.from(label).length;
  if (Array.from(full).length <= CLICK_NAME_MAX || room < NAME_KEPT) return cutText(full, CLICK_NAME_MAX);
  return `${cutText(title, room)}${label}`;
}

/** VAT inside a price that includes it, to the tiyin. */
export const vatInside = (tiyin: number, percent: number): number =>
  Math.round((tiyin * percent) / (100 + percent));

/**
 * Click's `submit_items` lines: every line (delivery included) at its full price with its discount
 * apart, so Σ(Price − Discount) is the amount paid; the VAT is that of what is paid.
 */
export function clickItems(receipt: Receipt, shopTin: string): ClickReceiptItem[] {
  return [...receipt.items, ...(receipt.delivery ? [receipt.delivery] : [])].map((item) => {
    const price = toTiyin(item.unitPrice * item.count);
    const discount = lineDiscountTiyin(item);
    return {
      Name: clickName(item.title, item.variant),
      SPIC: item.code,
      PackageCode: item.packageCode,
      Price: price,
      Discount: discount,
      Amount: item.count,
      VAT: vatInside(price - discount, item.vatPercent),
      VATPercent: item.vatPercent,
      CommissionInfo: { TIN: shopTin },
    };
  });
}

/** Tiyin a card pays for Click's items. */
export const clickReceived = (items: readonly ClickReceiptItem[]): number =>
  items.reduce((sum, item) => sum + item.Price - item.Discount, 0);
