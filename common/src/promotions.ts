/*
 * Promo codes (docs/decisions/036-promotions.md): the one rule the server applies to the quote and
 * the order, and the spreading of a discount over the receipt's lines to the tiyin.
 */

export const PROMO_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const PROMO_INVALID_REASONS = [
  'unknown',
  'expired',
  'not_started',
  'used_up',
  'below_min_total',
  'not_applicable',
] as const;
export type PromoInvalidReason = (typeof PROMO_INVALID_REASONS)[number];

/** Codes are compared case-insensitively: stored and looked up in capitals, without spaces around. */
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

export interface PromoTerms {
  kind: PromoKind;
  /** Percent (1–100) for `percent`, so'm for `fixed`, unused for `free_delivery`. */
  value: number;
  /** Goods total (so'm) the cart must reach. */
  minTotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Empty both: every line is eligible; otherwise a line in either list. */
  categories: readonly string[];
  productIds: readonly string[];
  maxUses: number | null;
  maxUsesPerPhone: number | null;
  active: boolean;
  uses: number;
}

export interface PromoLine {
  productId: string;
  category: string;
  /** So'm per unit the shopper pays before the code (the product's own discount applied). */
  unitPrice: number;
  quantity: number;
}

export interface PromoApplied {
  kind: PromoKind;
  /** So'm the code takes off: goods for percent and fixed, the delivery fee for free_delivery. */
  discount: number;
  /** Tiyin of the goods discount each line carries (0 for free delivery), in the lines' order. */
  lineDiscounts: number[];
}

export type PromoOutcome = { ok: true; applied: PromoApplied } | { ok: false; reason: PromoInvalidReason };

const lineAmount = (line: PromoLine) => line.unitPrice * line.quantity;

/** Whether the code may be used at all at `now` (window, switch, total uses), before the cart counts. */
export function promoUsable(terms: PromoTerms, now: Date): PromoInvalidReason | null {
  if (!terms.active) return 'unknown';
  if (terms.startsAt && now < terms.startsAt) return 'not_started';
  if (terms.endsAt && now > terms.endsAt) return 'expired';
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return 'used_up';
  return null;
}

/**
 * The code applied to a cart: percent or fixed off the eligible lines (never more than they cost),
 * or the delivery fee waived. The minimum total is the whole cart's goods.
 */
export function applyPromo(
  terms: PromoTerms,
  lines: readonly PromoLine[],
  deliveryFee: number,
  now: Date,
): PromoOutcome {
  const refused = promoUsable(terms, now);
  if (refused) return { ok: false, reason: refused };
  const goods = lines.reduce((sum, line) => sum + lineAmount(line), 0);
  if (goods < terms.minTotal) return { ok: false, reason: 'below_min_total' };
  if (terms.kind === 'free_delivery') {
    return {
      ok: true,
      applied: { kind: terms.kind, discount: deliveryFee, lineDiscounts: lines.map(() => 0) },
    };
  }
  const limited = terms.categories.length > 0 || terms.productIds.length > 0;
  const eligible = lines.map(
    (line) =>
      !limited || terms.categories.includes(line.category) || terms.productIds.includes(line.productId),
  );
  const base = lines.reduce((sum, line, i) => sum + (eligible[i] ? lineAmount(line) : 0), 0);
  if (base <= 0) return { ok: false, reason: 'not_applicable' };
  const wanted =
    terms.kind === 'percent'
      ? Math.round((base * Math.min(100, Math.max(0, terms.value))) / 100)
      : Math.max(0, terms.value);
  const discount = Math.min(base, wanted);
  const weights = lines.map((line, i) => (eligible[i] ? lineAmount(line) : 0));
  return {
    ok: true,
    applied: { kind: terms.kind, discount, lineDiscounts: spreadDiscount(discount * 100, weights) },
  };
}

/**
 * `total` (integer tiyin) shared in proportion to `weights` by largest remainder: the shares are
 * integers, add up to `total` exactly, and none exceeds its weight × total / Σweights rounded up
 * (so no line gets more than it costs when total ≤ 100 × Σweights).
 */
export function spreadDiscount(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  // BigInt: total × weight may pass 2^53 for large carts.
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((value) => Number(value / BigInt(sum)));
  const remainders = exact.map((value, index) => ({ index, rest: value % BigInt(sum) }));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
