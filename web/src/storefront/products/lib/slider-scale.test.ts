import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceAtSlider, sliderAtPrice, sliderScale } from './price-bounds';

/** Every position a range input with this min, top and step can take. */
function reachablePrices(bounds: { min: number; max: number }): number[] {
  const { step, top } = sliderScale(bounds);
  const positions: number[] = [];
  for (let position = bounds.min; position <= top; position += step) positions.push(position);
  return positions.map((position) => priceAtSlider(position, bounds));
}

/** The price range's top end is always reachable by the slider. */
describe('price slider scale', () => {
  it('reaches the top price when the step does not divide the range', () => {
    const bounds = { min: 120_000, max: 1_234_567 };
    const prices = reachablePrices(bounds);
    expect(prices.at(-1)).toBe(1_234_567);
    expect(prices[0]).toBe(120_000);
    expect(Math.max(...prices)).toBe(1_234_567);
  });

  it('reaches both ends for any range, in about 100 steps, never past them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (min, span) => {
          const bounds = { min, max: min + span };
          const { step, top } = sliderScale(bounds);
          expect(top).toBeGreaterThanOrEqual(bounds.max);
          expect(top - bounds.max).toBeLessThan(step);
          expect(Math.ceil((top - min) / step)).toBeLessThanOrEqual(101);
          expect(priceAtSlider(top, bounds)).toBe(bounds.max);
          expect(priceAtSlider(min, bounds)).toBe(bounds.min);
          expect(sliderAtPrice(bounds.max, bounds, { step, top })).toBe(top);
        },
      ),
    );
  });
});
