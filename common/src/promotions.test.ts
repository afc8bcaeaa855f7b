import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPromo, normalizePromoCode, spreadDiscount, type PromoTerms } from './promotions.js';

const NOW = new Date('2026-06-01T10:00:00Z');
const terms = (over: Partial<PromoTerms> = {}): PromoTerms => ({
  kind: 'percent',
  value: 10,
  minTotal: 0,
  startsAt: null,
  endsAt: null,
  categories: [],
  productIds: [],
  maxUses: null,
  maxUsesPerPhone: null,
  active: true,
  uses: 0,
  ...over,
});
const desk = { productId: 'desk', category: 'office', unitPrice: 333_333, quantity: 2 };
const bed = { productId: 'bed', category: 'kinder', unitPrice: 100_001, quantity: 1 };

describe('applyPromo', () => {
  it('takes the percent off the eligible lines, spread to the tiyin', () => {
    const outcome = applyPromo(terms({ categories: ['office'] }), [desk, bed], 50_000, NOW);
    expect(outcome).toEqual({
      ok: true,
      applied: { kind: 'percent', discount: 66_667, lineDiscounts: [6_666_700, 0] },
    });
  });

  it('never takes more than the eligible goods cost, and never the delivery', () => {
    const outcome = applyPromo(terms({ kind: 'fixed', value: 10_000_000 }), [bed], 50_000, NOW);
    expect(outcome).toMatchObject({ ok: true, applied: { discount: 100_001 } });
  });

  it('free delivery waives the fee and leaves the goods', () => {
    const outcome = applyPromo(terms({ kind: 'free_delivery', value: 0 }), [desk], 75_000, NOW);
    expect(outcome).toEqual({
      ok: true,
      applied: { kind: 'free_delivery', discount: 75_000, lineDiscounts: [0] },
    });
  });

  it.each([
    [{ active: false }, 'unknown'],
    [{ startsAt: new Date('2026-06-02T00:00:00Z') }, 'not_started'],
    [{ endsAt: new Date('2026-05-31T00:00:00Z') }, 'expired'],
    [{ maxUses: 3, uses: 3 }, 'used_up'],
    [{ minTotal: 1_000_000 }, 'below_min_total'],
    [{ productIds: ['sofa'] }, 'not_applicable'],
  ] as const)('refuses %o as %s', (over, reason) => {
    expect(applyPromo(terms(over), [desk, bed], 0, NOW)).toEqual({ ok: false, reason });
  });

  it('reads codes without regard to case or spaces around', () => {
    expect(normalizePromoCode('  bahor-10 ')).toBe('BAHOR-10');
  });
});

describe('spreadDiscount', () => {
  it('shares add up exactly and none passes its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, part) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * 100 * part);
          const shares = spreadDiscount(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? total : 0);
          shares.forEach((share, i) => {
            expect(Number.isInteger(share) && share >= 0 && share <= weights[i]! * 100).toBe(true);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
