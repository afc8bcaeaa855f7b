import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/common';
import { canQuickAdd, countdownParts, priceView, saleEndTime } from './price-view';
import { makeProduct } from '../../testing/factories';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('priceView', () => {
  it('shows no discount for a regular product', () => {
    expect(priceView(makeProduct({ price: 100_000 }), NOW)).toEqual({
      price: 100_000,
      discountedPrice: null,
      percent: 0,
      savings: 0,
    });
  });
  it('shows the percentage discount inside its window', () => {
    const product = makeProduct({
      price: 200_000,
      isDiscounted: true,
      discounts: {
        type: 'percentage',
        value: 25,
        startDate: '2026-06-01T00:00:00Z',
        endDate: '2026-07-01T00:00:00Z',
      },
    });
    expect(priceView(product, NOW)).toEqual({
      price: 200_000,
      discountedPrice: 150_000,
      percent: 25,
      savings: 50_000,
    });
  });
  it('derives the percent of a fixed discount from the prices', () => {
    const product = makeProduct({
      price: 300_000,
      isDiscounted: true,
      discounts: { type: 'fixed', value: 100_000, startDate: null, endDate: null },
    });
    expect(priceView(product, NOW)).toMatchObject({
      discountedPrice: 200_000,
      percent: 33,
      savings: 100_000,
    });
  });
  it('hides the discount outside its window', () => {
    const product = makeProduct({
      price: 300_000,
      isDiscounted: true,
      discounts: { type: 'percentage', value: 10, startDate: null, endDate: '2026-06-01T00:00:00Z' },
    });
    expect(priceView(product, NOW).discountedPrice).toBeNull();
  });
});

describe('canQuickAdd', () => {
  it('accepts a complete product, and one saved without colours', () => {
    expect(canQuickAdd(makeProduct())).toBe(true);
    expect(canQuickAdd(makeProduct({ color: [] }))).toBe(true);
  });
  it.each<[string, Partial<Product>]>([
    ['no colour list', { color: undefined }],
    ['no images', { productImages: [] }],
    ['no name', { name: '' }],
    ['no description', { description: '' }],
    ['no id', { _id: '' }],
  ])('refuses a product with %s', (_label, override) => {
    expect(canQuickAdd(makeProduct(override))).toBe(false);
  });
});

describe('sale countdown', () => {
  const now = NOW.getTime();
  it('splits the time left into days, hours, minutes and seconds', () => {
    const end = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(end, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, ended: false });
  });
  it('ends at zero and never goes negative', () => {
    expect(countdownParts(now - 5000, now)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      ended: true,
    });
  });
  it('has no end (so no countdown) for a missing or invalid end date', () => {
    // An open-ended discount has no end to count down to (decision 016).
    expect(saleEndTime('not a date')).toBeNull();
    expect(saleEndTime(null)).toBeNull();
    expect(saleEndTime(undefined)).toBeNull();
    expect(saleEndTime('2026-06-20T00:00:00Z')).toBe(Date.parse('2026-06-20T00:00:00Z'));
  });
});
