import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.js';
import {
  activeDiscountedPrice,
  applyDiscount,
  cartTotals,
  discountPercent,
  formatSom,
  isDiscountWindowOpen,
  orderLineTotal,
  orderTotals,
  unitPrice,
  type Discount,
  type OrderLineLike,
  type PricedProduct,
} from './pricing.js';

// Prices are whole so'm up to the largest price the product form accepts (docs/decisions/002).
const listPrice = fc.integer({ min: 0, max: LIMITS.maxPrice });
const quantity = fc.integer({ min: 1, max: LIMITS.maxLineQuantity });
const instant = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

// Wider than the form allows: applyDiscount clamps out-of-range values itself (pricing.test.ts).
const percentageValue = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.double({ min: -50, max: 200, noNaN: true, noDefaultInfinity: true }),
);
const fixedValue = fc.oneof(
  fc.integer({ min: 0, max: LIMITS.maxPrice }),
  fc.double({ min: -1e6, max: 2 * LIMITS.maxPrice, noNaN: true, noDefaultInfinity: true }),
);
const discountTerms = fc.oneof(
  fc.record({ type: fc.constant('percentage' as const), value: percentageValue }),
  fc.record({ type: fc.constant('fixed' as const), value: fixedValue }),
);

/** A bound that is not there: the code reads all of these as "no date". */
const missingBound = fc.constantFrom(null, undefined, '');
const boundAt = (at: Date) => at.toISOString();

/** A discount with any mix of set and missing dates. */
const discount: fc.Arbitrary<Discount> = fc
  .record({
    terms: discountTerms,
    startDate: fc.oneof(missingBound, instant.map(boundAt)),
    endDate: fc.oneof(missingBound, instant.map(boundAt)),
  })
  .map(({ terms, startDate, endDate }) => ({ ...terms, startDate, endDate }));

const pricedProduct: fc.Arbitrary<PricedProduct> = fc.record({
  price: listPrice,
  isDiscounted: fc.boolean(),
  discounts: fc.option(discount),
});

const cartLines = fc.array(fc.record({ product: pricedProduct, quantity }), {
  maxLength: LIMITS.maxOrderLines,
});

/** The same lines in another order. */
function reordered<T>(lines: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...lines], { minLength: lines.length, maxLength: lines.length });
}

describe('applyDiscount', () => {
  it("gives a whole number of so'm between 0 and the list price", () => {
    fc.assert(
      fc.property(listPrice, discountTerms, (price, terms) => {
        const discounted = applyDiscount(price, terms);
        expect(Number.isInteger(discounted)).toBe(true);
        expect(discounted).toBeGreaterThanOrEqual(0);
        expect(discounted).toBeLessThanOrEqual(price);
      }),
    );
  });

  it('leaves the price at 0 % or less and takes all of it at 100 % or more', () => {
    fc.assert(
      fc.property(listPrice, fc.double({ min: 0, max: 1e6, noNaN: true }), (price, beyond) => {
        expect(applyDiscount(price, { type: 'percentage', value: 0 })).toBe(price);
        expect(applyDiscount(price, { type: 'percentage', value: -beyond })).toBe(price);
        expect(applyDiscount(price, { type: 'percentage', value: 100 })).toBe(0);
        expect(applyDiscount(price, { type: 'percentage', value: 100 + beyond })).toBe(0);
      }),
    );
  });

  it('rounds the percentage formula of docs/decisions/004', () => {
    fc.assert(
      fc.property(listPrice, fc.integer({ min: 0, max: 100 }), (price, percent) => {
        expect(applyDiscount(price, { type: 'percentage', value: percent })).toBe(
          Math.round((price * (100 - percent)) / 100),
        );
      }),
    );
  });

  it("takes a whole-so'm fixed discount off the price and floors at 0", () => {
    fc.assert(
      fc.property(listPrice, fc.integer({ min: 0, max: 2 * LIMITS.maxPrice }), (price, off) => {
        expect(applyDiscount(price, { type: 'fixed', value: off })).toBe(Math.max(0, price - off));
      }),
    );
  });

  it('never raises the price when more is taken off', () => {
    fc.assert(
      fc.property(
        listPrice,
        discountTerms,
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (price, terms, more) => {
          const deeper = { ...terms, value: terms.value + more };
          expect(applyDiscount(price, deeper)).toBeLessThanOrEqual(applyDiscount(price, terms));
        },
      ),
    );
  });
});

describe('isDiscountWindowOpen', () => {
  const YEAR_MS = 365 * 24 * 3600 * 1000;
  /** Three instants in time order, at least `apart` ms between neighbours. */
  const inTimeOrder = (apart: number) =>
    fc
      .tuple(instant, fc.integer({ min: apart, max: YEAR_MS }), fc.integer({ min: apart, max: YEAR_MS }))
      .map(
        ([first, gap, secondGap]) =>
          [first, new Date(first.getTime() + gap), new Date(first.getTime() + gap + secondGap)] as const,
      );

  it('is open from the start to the end, both included', () => {
    fc.assert(
      fc.property(discountTerms, inTimeOrder(0), (terms, [start, now, end]) => {
        expect(
          isDiscountWindowOpen({ ...terms, startDate: boundAt(start), endDate: boundAt(end) }, now),
        ).toBe(true);
      }),
    );
  });

  it('is closed before the start and after the end', () => {
    fc.assert(
      fc.property(discountTerms, inTimeOrder(1), (terms, [early, middle, late]) => {
        const upcoming = { ...terms, startDate: boundAt(middle), endDate: boundAt(late) };
        const over = { ...terms, startDate: boundAt(early), endDate: boundAt(middle) };
        expect(isDiscountWindowOpen(upcoming, early)).toBe(false);
        expect(isDiscountWindowOpen(over, late)).toBe(false);
      }),
    );
  });

  it('treats a missing bound as no limit on that side', () => {
    fc.assert(
      fc.property(discountTerms, missingBound, instant, instant, (terms, missing, bound, now) => {
        const fromBound = { ...terms, startDate: boundAt(bound), endDate: missing };
        const untilBound = { ...terms, startDate: missing, endDate: boundAt(bound) };
        const always = { ...terms, startDate: missing, endDate: missing };
        expect(isDiscountWindowOpen(fromBound, now)).toBe(now >= bound);
        expect(isDiscountWindowOpen(untilBound, now)).toBe(now <= bound);
        expect(isDiscountWindowOpen(always, now)).toBe(true);
      }),
    );
  });
});

describe('activeDiscountedPrice and unitPrice', () => {
  it('follow applyDiscount while the window is open and the list price otherwise', () => {
    fc.assert(
      fc.property(pricedProduct, instant, (product, now) => {
        const running =
          product.isDiscounted && product.discounts != null && isDiscountWindowOpen(product.discounts, now);
        const discounted = running ? applyDiscount(product.price, product.discounts!) : product.price;
        expect(unitPrice(product, now)).toBe(discounted);
        expect(activeDiscountedPrice(product, now)).toBe(discounted < product.price ? discounted : null);
      }),
    );
  });

  it("is a whole number of so'm no higher than the list price", () => {
    fc.assert(
      fc.property(pricedProduct, instant, (product, now) => {
        const unit = unitPrice(product, now);
        expect(Number.isInteger(unit)).toBe(true);
        expect(unit).toBeGreaterThanOrEqual(0);
        expect(unit).toBeLessThanOrEqual(product.price);
      }),
    );
  });
});

describe('discountPercent', () => {
  // Only discounts the product form accepts: percentages 0–100, fixed amounts 0 up to the largest price.
  const storedDiscount: fc.Arbitrary<Discount> = fc.oneof(
    fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 100 }) }),
    fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 0, max: LIMITS.maxPrice }) }),
  );

  it('shows a running discount as 0–100 %', () => {
    fc.assert(
      fc.property(listPrice, storedDiscount, (price, discounts) => {
        const product = { price, isDiscounted: true, discounts };
        const percent = discountPercent(product, activeDiscountedPrice(product));
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('cartTotals', () => {
  it('adds up unit price × quantity, and the list price × quantity before discounts', () => {
    fc.assert(
      fc.property(cartLines, instant, (lines, now) => {
        const totals = cartTotals(lines, now);
        const sum = (priceOf: (product: PricedProduct) => number) =>
          lines.reduce((acc, line) => acc + priceOf(line.product) * line.quantity, 0);
        expect(totals.total).toBe(sum((product) => unitPrice(product, now)));
        expect(totals.subtotal).toBe(sum((product) => product.price));
        expect(totals.savings).toBe(totals.subtotal - totals.total);
      }),
    );
  });

  it("is whole so'm, never negative, and saves no more than the subtotal", () => {
    fc.assert(
      fc.property(cartLines, instant, (lines, now) => {
        const { subtotal, savings, total } = cartTotals(lines, now);
        for (const amount of [subtotal, savings, total]) expect(Number.isInteger(amount)).toBe(true);
        expect(total).toBeGreaterThanOrEqual(0);
        expect(savings).toBeGreaterThanOrEqual(0);
        expect(savings).toBeLessThanOrEqual(subtotal);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    const linesTwice = cartLines.chain((lines) => fc.tuple(fc.constant(lines), reordered(lines)));
    fc.assert(
      fc.property(linesTwice, instant, ([lines, shuffled], now) => {
        expect(cartTotals(shuffled, now)).toEqual(cartTotals(lines, now));
      }),
    );
  });
});

describe('orderTotals', () => {
  // Staff may type any discounted price from 0 up to the largest price, even above the line's price.
  const orderLine: fc.Arbitrary<OrderLineLike> = fc.record(
    {
      price: listPrice,
      discountedPrice: fc.option(fc.integer({ min: 0, max: LIMITS.maxPrice }), { nil: undefined }),
      quantity,
    },
    { requiredKeys: ['price', 'quantity'] },
  );
  const orderLines = fc.array(
    fc.oneof(
      orderLine,
      orderLine.map((line) => ({ ...line, discountedPrice: line.discountedPrice ?? null })),
    ),
    { maxLength: LIMITS.maxOrderLines },
  );

  it('totals (discounted price if set, else price) × quantity and sums the savings', () => {
    fc.assert(
      fc.property(orderLines, (lines) => {
        const { total, savings } = orderTotals(lines);
        expect(total).toBe(
          lines.reduce((acc, line) => acc + (line.discountedPrice ?? line.price) * line.quantity, 0),
        );
        expect(savings).toBe(
          lines.reduce(
            (acc, line) =>
              acc + Math.max(0, line.price - (line.discountedPrice ?? line.price)) * line.quantity,
            0,
          ),
        );
      }),
    );
  });

  it("is whole so'm, never negative, and total plus savings is the list total when no line is marked up", () => {
    fc.assert(
      fc.property(orderLines, (lines) => {
        const { total, savings } = orderTotals(lines);
        expect(Number.isInteger(total) && Number.isInteger(savings)).toBe(true);
        expect(total).toBeGreaterThanOrEqual(0);
        expect(savings).toBeGreaterThanOrEqual(0);
        const markedUp = lines.some(
          (line) => line.discountedPrice != null && line.discountedPrice > line.price,
        );
        if (!markedUp) {
          expect(total + savings).toBe(lines.reduce((acc, line) => acc + line.price * line.quantity, 0));
        }
      }),
    );
  });

  it('does not depend on the order of the lines, and each line adds its own total', () => {
    const linesTwice = orderLines.chain((lines) => fc.tuple(fc.constant(lines), reordered(lines)));
    fc.assert(
      fc.property(linesTwice, ([lines, shuffled]) => {
        expect(orderTotals(shuffled)).toEqual(orderTotals(lines));
        expect(orderTotals(lines).total).toBe(lines.reduce((acc, line) => acc + orderLineTotal(line), 0));
      }),
    );
  });
});

describe('formatSom', () => {
  const wholeSom = fc.maxSafeInteger();

  it("keeps every digit, groups them by three and ends in so'm", () => {
    fc.assert(
      fc.property(wholeSom, (amount) => {
        const text = formatSom(amount, 'en');
        expect(text).toMatch(/^-?\d{1,3}( \d{3})* so'm$/);
        expect(text.replace(/\D/g, '')).toBe(String(Math.abs(amount)));
        expect(text.startsWith('-')).toBe(amount < 0);
      }),
    );
  });

  it("shows a sum with decimals as the rounded whole so'm", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (amount) => {
        expect(formatSom(amount, 'ru')).toBe(formatSom(Math.round(amount), 'ru'));
      }),
    );
  });
});
