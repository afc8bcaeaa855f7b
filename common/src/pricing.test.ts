import { describe, expect, it } from 'vitest';
import {
  activeDiscountedPrice,
  applyDiscount,
  cartTotals,
  discountPercent,
  formatSom,
  isDiscountWindowOpen,
  orderLineSavings,
  orderLineTotal,
  orderTotals,
  toSom,
  unitPrice,
  type PricedProduct,
} from './pricing.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const percent = (
  value: number,
  startDate: string | null = null,
  endDate: string | null = null,
): PricedProduct => ({
  price: 1_000_000,
  isDiscounted: true,
  discounts: { type: 'percentage', value, startDate, endDate },
});

describe('applyDiscount', () => {
  it.each([
    [1_000_000, 'percentage', 15, 850_000],
    [999, 'percentage', 10, 899],
    [995, 'percentage', 50, 498],
    [100, 'percentage', 0, 100],
    [100, 'percentage', 100, 0],
    [100, 'percentage', 150, 0],
    [100, 'percentage', -5, 100],
    [1_250_000, 'fixed', 150_000, 1_100_000],
    [100_000, 'fixed', 250_000, 0],
    [100_000, 'fixed', 0, 100_000],
    [100_000, 'fixed', 0.4, 100_000],
    [100_000, 'fixed', -10, 100_000],
  ] as const)('%i with %s %d → %i', (price, type, value, expected) => {
    expect(applyDiscount(price, { type, value })).toBe(expected);
  });
});

describe('isDiscountWindowOpen', () => {
  it.each([
    [null, null, true],
    ['2026-11-01T00:00:00Z', null, true],
    [null, '2026-12-01T00:00:00Z', true],
    ['2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', true],
    ['2026-11-22T00:00:00Z', null, false],
    [null, '2026-11-20T00:00:00Z', false],
    ['2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z', true],
    ['not a date', 'also not', true],
  ])('start %s, end %s → %s', (startDate, endDate, open) => {
    expect(isDiscountWindowOpen({ type: 'percentage', value: 10, startDate, endDate }, NOW)).toBe(open);
  });
});

describe('activeDiscountedPrice', () => {
  it('applies a running discount', () => {
    expect(activeDiscountedPrice(percent(15, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'), NOW)).toBe(
      850_000,
    );
  });
  it('ignores a discount outside its window', () => {
    expect(activeDiscountedPrice(percent(15, '2026-11-22T00:00:00Z'), NOW)).toBeNull();
    expect(activeDiscountedPrice(percent(15, null, '2026-11-20T00:00:00Z'), NOW)).toBeNull();
  });
  it('ignores discount details when the product is not discounted', () => {
    expect(activeDiscountedPrice({ ...percent(15), isDiscounted: false }, NOW)).toBeNull();
  });
  it('is null without details or when nothing is taken off', () => {
    expect(activeDiscountedPrice({ price: 100, isDiscounted: true, discounts: null }, NOW)).toBeNull();
    expect(activeDiscountedPrice(percent(0), NOW)).toBeNull();
  });
});

describe('unitPrice and cartTotals', () => {
  const desk: PricedProduct = {
    price: 1_250_000,
    isDiscounted: true,
    discounts: { type: 'fixed', value: 250_000 },
  };
  const chair: PricedProduct = { price: 320_000, isDiscounted: false, discounts: null };
  const expired = percent(50, null, '2026-01-01T00:00:00Z');

  it('uses the discounted price only while the discount runs', () => {
    expect(unitPrice(desk, NOW)).toBe(1_000_000);
    expect(unitPrice(chair, NOW)).toBe(320_000);
    expect(unitPrice(expired, NOW)).toBe(1_000_000);
  });

  it('sums subtotal, savings and total over lines', () => {
    expect(
      cartTotals(
        [
          { product: desk, quantity: 2 },
          { product: chair, quantity: 3 },
          { product: expired, quantity: 1 },
        ],
        NOW,
      ),
    ).toEqual({
      subtotal: 2_500_000 + 960_000 + 1_000_000,
      savings: 500_000,
      total: 2_000_000 + 960_000 + 1_000_000,
    });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([], NOW)).toEqual({ subtotal: 0, savings: 0, total: 0 });
  });
});

describe('discountPercent', () => {
  it('shows the value for percentage discounts', () => {
    expect(discountPercent(percent(15), 850_000)).toBe(15);
  });
  it('derives the percent of a fixed discount from the prices', () => {
    expect(
      discountPercent(
        { price: 300_000, isDiscounted: true, discounts: { type: 'fixed', value: 100_000 } },
        200_000,
      ),
    ).toBe(33);
  });
  it('is 0 without a discounted price or with a zero price', () => {
    expect(discountPercent(percent(15), null)).toBe(0);
    expect(discountPercent({ price: 0, isDiscounted: true, discounts: { type: 'fixed', value: 1 } }, 0)).toBe(
      0,
    );
  });
});

describe('order lines', () => {
  it('prices a line at its discounted price when set', () => {
    expect(orderLineTotal({ price: 100, discountedPrice: 80, quantity: 3 })).toBe(240);
    expect(orderLineTotal({ price: 100, discountedPrice: null, quantity: 3 })).toBe(300);
    expect(orderLineTotal({ price: 100, discountedPrice: 0, quantity: 3 })).toBe(0);
  });
  it('counts savings only when the discounted price is below the price', () => {
    expect(orderLineSavings({ price: 100, discountedPrice: 80, quantity: 3 })).toBe(60);
    expect(orderLineSavings({ price: 100, discountedPrice: 120, quantity: 3 })).toBe(0);
    expect(orderLineSavings({ price: 100, quantity: 3 })).toBe(0);
  });
  it('totals an order', () => {
    expect(
      orderTotals([
        { price: 100, discountedPrice: 80, quantity: 3 },
        { price: 50, discountedPrice: null, quantity: 2 },
      ]),
    ).toEqual({ total: 340, savings: 60 });
  });
});

describe('money', () => {
  it.each([
    [0, "0 so'm"],
    [999, "999 so'm"],
    [1000, "1 000 so'm"],
    [1_250_000, "1 250 000 so'm"],
    [1_250_000.6, "1 250 001 so'm"],
    [-45_000, "-45 000 so'm"],
    [10_000_000_000, "10 000 000 000 so'm"],
  ])('formats %d as %s', (amount, text) => {
    expect(formatSom(amount, 'en')).toBe(text);
  });
  it('writes the currency in the reader’s language', () => {
    expect(formatSom(1_250_000, 'uz')).toBe('1 250 000 soʻm');
    expect(formatSom(1_250_000, 'ru')).toBe('1 250 000 сум');
    expect(formatSom(1_250_000, 'ru-RU')).toBe('1 250 000 сум');
    expect(formatSom(1_250_000, 'en')).toBe("1 250 000 so'm");
    expect(formatSom(5, 'fr')).toBe('5 soʻm');
  });
  it("rounds to whole so'm", () => {
    expect(toSom(10.5)).toBe(11);
    expect(toSom(10.49)).toBe(10);
  });
});
