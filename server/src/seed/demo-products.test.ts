import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, COLOR_SWATCHES, isDiscountWindowOpen } from '@shop/common';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-products.js';

const IMAGES_DIR = fileURLToPath(new URL('./images/', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

function windowOf(discount: NonNullable<DemoProduct['discount']>, now: Date) {
  const at = (offset: number | null) =>
    offset === null ? null : new Date(now.getTime() + offset * DAY_MS).toISOString();
  return {
    type: discount.type,
    value: discount.value,
    startDate: at(discount.startOffsetDays),
    endDate: at(discount.endOffsetDays),
  };
}

describe('demo products', () => {
  it('has 14 products with unique names', () => {
    expect(DEMO_PRODUCTS).toHaveLength(14);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.name)).size).toBe(14);
  });

  it('spreads categories 4 school, 3 kinder, 4 office, 3 loft', () => {
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<string, number>;
    for (const p of DEMO_PRODUCTS) counts[p.category] = (counts[p.category] ?? 0) + 1;
    expect(counts).toEqual({ school: 4, kinder: 3, office: 4, loft: 3 });
  });

  it('has whole positive prices, valid stock and one product out of stock', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.price), p.name).toBe(true);
      expect(p.price, p.name).toBeGreaterThan(0);
      expect(Number.isInteger(p.stock), p.name).toBe(true);
      expect(p.stock, p.name).toBeGreaterThanOrEqual(0);
      expect(p.stock, p.name).toBeLessThanOrEqual(60);
    }
    expect(DEMO_PRODUCTS.filter((p) => p.stock === 0)).toHaveLength(1);
  });

  it('uses only known colour keys and always has a colour and a description', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.color.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.color.length, p.name).toBeLessThanOrEqual(4);
      for (const key of p.color) expect(Object.keys(COLOR_SWATCHES), `${p.name}: ${key}`).toContain(key);
      expect(p.description.trim().length, p.name).toBeGreaterThan(0);
    }
  });

  it('has discounts both open today and already closed, with sane values', () => {
    const now = new Date();
    const discounted = DEMO_PRODUCTS.filter((p) => p.discount !== null);
    for (const p of discounted) {
      const d = p.discount!;
      if (d.type === 'percentage') {
        expect(d.value, p.name).toBeGreaterThan(0);
        expect(d.value, p.name).toBeLessThan(100);
      } else {
        expect(Number.isInteger(d.value), p.name).toBe(true);
        expect(d.value, p.name).toBeGreaterThan(0);
        expect(d.value, p.name).toBeLessThan(p.price);
      }
    }
    const open = discounted.filter((p) => isDiscountWindowOpen(windowOf(p.discount!, now), now));
    const closed = discounted.filter((p) => !isDiscountWindowOpen(windowOf(p.discount!, now), now));
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(closed.length).toBeGreaterThanOrEqual(1);
  });

  it.each(DEMO_PRODUCTS.map((p) => [p.image, p] as const))(
    'image %s exists and renders to WebP',
    async (image) => {
      const path = join(IMAGES_DIR, image);
      expect(existsSync(path)).toBe(true);
      const webp = await sharp(path).webp().toBuffer();
      expect(webp.length).toBeGreaterThan(1000);
      const meta = await sharp(path).metadata();
      expect(meta.width).toBe(800);
    },
  );
});
