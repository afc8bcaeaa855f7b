import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, applyPromo, orderTotals, type PromoTerms } from '@shop/common';
import { toTiyin } from '../checkout-urls.js';
import {
  clickItems,
  clickReceived,
  paymeDetail,
  receiptOf,
  type ReceiptCodes,
  type ReceiptOrderSource,
} from './receipt.js';

/*
 * 500 random carts with random promo codes: the order's lines carry the code's shares as the order
 * stores them, and every Payme and Click receipt adds up to the amount charged, to the tiyin.
 */

const CODES: ReceiptCodes = {
  vatPercent: 12,
  delivery: { ikpu: '10112006002000000', packageCode: '1209885' },
  assembly: { ikpu: '10112001001000000', packageCode: '1209885' },
};
const NOW = new Date('2026-06-01T10:00:00Z');

const line = fc.record({
  productId: fc.constantFrom('a', 'b', 'c', 'd'),
  category: fc.constantFrom(...CATEGORIES),
  // Odd prices: any whole so'm, a product discount now and then.
  price: fc.integer({ min: 1, max: 30_000_000 }),
  off: fc.option(fc.integer({ min: 1, max: 30_000_000 }), { nil: null }),
  quantity: fc.integer({ min: 1, max: 20 }),
  vatPercent: fc.constantFrom(0, 12),
});

const code = fc.record({
  kind: fc.constantFrom('percent' as const, 'fixed' as const, 'free_delivery' as const),
  percent: fc.integer({ min: 1, max: 100 }),
  amount: fc.integer({ min: 1, max: 100_000_000 }),
  categories: fc.subarray([...CATEGORIES]),
  productIds: fc.subarray(['a', 'b', 'c', 'd']),
});

const cart = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  code,
  deliveryFee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_000 })),
  assemblyFee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_000 })),
  carryFee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })),
});

type Cart = typeof cart extends fc.Arbitrary<infer T> ? T : never;

/** The order as placing it stores it: lines with the code's shares, the fee waived, the total. */
function placed({ lines, code: drawn, deliveryFee, assemblyFee, carryFee }: Cart) {
  const priced = lines.map((each) => ({
    ...each,
    title: 'Line',
    discountedPrice: each.off === null ? null : Math.max(0, each.price - each.off),
    ikpu: '09403001001000000',
    packageCode: '1514296',
  }));
  const terms: PromoTerms = {
    kind: drawn.kind,
    value: drawn.kind === 'percent' ? drawn.percent : drawn.kind === 'fixed' ? drawn.amount : 0,
    minTotal: 0,
    startsAt: null,
    endsAt: null,
    categories: drawn.categories,
    productIds: drawn.productIds,
    maxUses: null,
    maxUsesPerPhone: null,
    active: true,
    uses: 0,
  };
  const cartLines = priced.map((each) => ({ ...each, unitPrice: each.discountedPrice ?? each.price }));
  const outcome = applyPromo(terms, cartLines, deliveryFee, NOW);
  const applied = outcome.ok ? outcome.applied : undefined;
  const free = applied?.kind === 'free_delivery';
  const goodsDiscount = applied && !free ? applied.discount : 0;
  const source: ReceiptOrderSource = {
    lines: priced.map((each, i) => ({ ...each, promoDiscount: applied?.lineDiscounts[i] ?? 0 })),
    deliveryFee: free ? 0 : deliveryFee,
    assemblyFee,
    carryFee,
  };
  const total = orderTotals(priced).total - goodsDiscount + source.deliveryFee + assemblyFee + carryFee;
  return { source, total, applied };
}

describe('a receipt of an order with a promo code adds up to the amount charged', () => {
  it('Payme and Click, 500 random carts and codes', () => {
    fc.assert(
      fc.property(cart, (drawn) => {
        const { source, total, applied } = placed(drawn);
        expect(total).toBeGreaterThanOrEqual(0);
        const receipt = receiptOf(source, CODES);
        const detail = paymeDetail(receipt);
        const paymeSum =
          detail.items.reduce((sum, item) => sum + item.price * item.count - (item.discount ?? 0), 0) +
          (detail.shipping?.price ?? 0);
        expect(paymeSum).toBe(toTiyin(total));
        for (const item of detail.items) {
          expect(item.discount === undefined || item.discount <= item.price * item.count).toBe(true);
        }
        const click = clickItems(receipt, '123456789');
        expect(clickReceived(click)).toBe(toTiyin(total));
        for (const item of click) expect(item.Price - item.Discount).toBeGreaterThanOrEqual(0);
        if (applied && applied.kind !== 'free_delivery') {
          const shares = source.lines.reduce((sum, each) => sum + (each.promoDiscount ?? 0), 0);
          expect(shares).toBe(toTiyin(applied.discount));
        }
      }),
      { numRuns: 500 },
    );
  });
});
