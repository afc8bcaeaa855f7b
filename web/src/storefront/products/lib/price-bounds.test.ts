import { describe, expect, it } from 'vitest';
import { filterByPrice, priceBounds } from './price-bounds';
import { makeProduct } from '../../../testing/factories';

describe('price bounds and filter', () => {
  it('defaults to 0–10000 when nothing is loaded', () => {
    expect(priceBounds([])).toEqual({ min: 0, max: 10000 });
  });
  it('bounds the sliders by the loaded prices, using the discounted price when one runs', () => {
    const products = [
      makeProduct({ price: 500_000 }),
      makeProduct({
        price: 200_000,
        isDiscounted: true,
        discounts: { type: 'percentage', value: 50, startDate: null, endDate: null },
      }),
      makeProduct({ price: 900_000 }),
    ];
    expect(priceBounds(products)).toEqual({ min: 100_000, max: 900_000 });
  });
  it('keeps a usable range when all prices are equal', () => {
    expect(priceBounds([makeProduct({ price: 5 })])).toEqual({ min: 5, max: 6 });
  });
  it('keeps only products inside the range, bounds included', () => {
    const cheap = makeProduct({ price: 100 });
    const middle = makeProduct({ price: 500 });
    const dear = makeProduct({ price: 900 });
    expect(filterByPrice([cheap, middle, dear], { min: 100, max: 500 })).toEqual([cheap, middle]);
  });
});
