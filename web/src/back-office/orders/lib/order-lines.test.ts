import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@shop/common';
import { applyLineDraft, lineToDraft, linesPatch, parseDiscountedPrice, parseQuantity } from './order-lines';

const line = (over: Partial<OrderLine> = {}): OrderLine => ({
  product: { _id: 'a'.repeat(24), name: 'Desk', productImages: [], translations: {} },
  color: 'oq',
  quantity: 2,
  price: 100_000,
  discountedPrice: null,
  ...over,
});

describe('order line edit', () => {
  it('reads the quantity as at least 1, non-numeric as 1', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('0')).toBe(1);
    expect(parseQuantity('-4')).toBe(1);
    expect(parseQuantity('abc')).toBe(1);
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity('2.7')).toBe(2);
  });

  it("reads the discounted price: empty is none, at least 0, whole so'm", () => {
    expect(parseDiscountedPrice('')).toBeNull();
    expect(parseDiscountedPrice('  ')).toBeNull();
    expect(parseDiscountedPrice('-5')).toBe(0);
    expect(parseDiscountedPrice('90000.6')).toBe(90_001);
    expect(parseDiscountedPrice('x')).toBeNull();
  });

  it('round-trips a line through its draft', () => {
    expect(lineToDraft(line({ discountedPrice: 80_000 }))).toEqual({
      quantity: '2',
      discountedPrice: '80000',
    });
    expect(lineToDraft(line())).toEqual({ quantity: '2', discountedPrice: '' });
  });

  it('edits one line and re-totals the order', () => {
    const lines = [
      line(),
      line({
        product: { _id: 'b'.repeat(24), name: 'Chair', productImages: [], translations: {} },
        price: 50_000,
        quantity: 1,
      }),
    ];
    const edited = applyLineDraft(lines, 0, { quantity: '3', discountedPrice: '90000' });
    expect(edited[0]).toMatchObject({ quantity: 3, discountedPrice: 90_000 });
    expect(edited[1]).toBe(lines[1]);
    expect(linesPatch(edited)).toEqual({
      products: [
        { product: 'a'.repeat(24), color: 'oq', quantity: 3, discountedPrice: 90_000 },
        { product: 'b'.repeat(24), color: 'oq', quantity: 1, discountedPrice: null },
      ],
      total: 3 * 90_000 + 50_000,
    });
  });

  it('names each variant line by its variant, so two sizes of one colour stay two lines', () => {
    const variant = (sku: string) => ({
      _id: sku === 'D-120' ? 'c'.repeat(24) : 'd'.repeat(24),
      sku,
      label: { uz: sku, ru: sku, en: sku },
    });
    const lines = [line({ variant: variant('D-120') }), line({ variant: variant('D-140') })];
    expect(linesPatch(lines).products.map((edit) => edit.variantId)).toEqual([
      'c'.repeat(24),
      'd'.repeat(24),
    ]);
  });
});
