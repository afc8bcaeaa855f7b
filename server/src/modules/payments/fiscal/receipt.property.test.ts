import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '@shop/common';
import { toTiyin } from '../checkout-urls.js';
import {
  clickItems,
  clickName,
  clickReceived,
  paymeDetail,
  receiptOf,
  type ReceiptCodes,
  type ReceiptOrderSource,
} from './receipt.js';

const CODES: ReceiptCodes = {
  vatPercent: 12,
  delivery: { ikpu: '10112006002000000', packageCode: '1209885' },
  assembly: { ikpu: '10112001001000000', packageCode: '1209885' },
};

const line = fc
  .record({
    price: fc.integer({ min: 0, max: 50_000_000 }),
    off: fc.option(fc.integer({ min: -1_000_000, max: 50_000_000 }), { nil: null }),
    quantity: fc.integer({ min: 1, max: 20 }),
    vatPercent: fc.constantFrom(0, 12),
  })
  .map(({ price, off, quantity, vatPercent }) => ({
    title: 'Line',
    price,
    // A discount below the price, or (a staff edit) a price above it.
    discountedPrice: off === null ? null : Math.max(0, price - off),
    quantity,
    ikpu: '09403001001000000',
    packageCode: '1514296',
    vatPercent,
  }));

const order = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  deliveryFee: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 })),
  assemblyFee: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000_000 })),
  carryFee: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })),
});

const amountOf = (source: ReceiptOrderSource) =>
  toTiyin(orderTotals(source.lines).total + source.deliveryFee + source.assemblyFee + source.carryFee);

describe('a receipt adds up to the amount paid', () => {
  it('Payme detail: Σ(price × count − discount) + shipping = amount, in tiyin', () => {
    fc.assert(
      fc.property(order, (source) => {
        const detail = paymeDetail(receiptOf(source, CODES));
        const sum =
          detail.items.reduce((total, item) => total + item.price * item.count - (item.discount ?? 0), 0) +
          (detail.shipping?.price ?? 0);
        expect(sum).toBe(amountOf(source));
        for (const item of detail.items) {
          expect(Number.isInteger(item.price) && item.price >= 0).toBe(true);
          expect(
            item.discount === undefined || (item.discount > 0 && item.discount <= item.price * item.count),
          ).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('Click items: Σ(Price − Discount) = amount, the discount within its price, VAT within what is paid', () => {
    fc.assert(
      fc.property(order, (source) => {
        const items = clickItems(receiptOf(source, CODES), '123456789');
        expect(clickReceived(items)).toBe(amountOf(source));
        for (const item of items) {
          expect(item.Discount).toBeGreaterThanOrEqual(0);
          expect(item.Discount).toBeLessThanOrEqual(item.Price);
          expect(item.VAT).toBeLessThanOrEqual(item.Price - item.Discount);
          expect(item.CommissionInfo.TIN).toBe('123456789');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("Click's item names", () => {
  it('keeps a name of 63 characters or fewer as it is', () => {
    const name = 'Stol '.repeat(12).trim() + ' abc';
    expect(name.length).toBeLessThanOrEqual(63);
    expect(clickName(name)).toBe(name);
  });

  it('cuts a longer one at the end of a word, without a dangling separator', () => {
    const name = 'Ofis stoli, yogʻoch, 160 × 80 sm, metall oyoqli, kabel kanali bilan, oq rangda';
    const cut = clickName(name);
    expect(Array.from(cut).length).toBeLessThanOrEqual(63);
    expect(name.startsWith(cut)).toBe(true);
    expect(cut).toBe('Ofis stoli, yogʻoch, 160 × 80 sm, metall oyoqli, kabel kanali');
  });

  it('never splits a character of any title, 500 random ones', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (title) => {
        const cut = clickName(title);
        expect(Array.from(cut).length).toBeLessThanOrEqual(63);
        expect(cut).not.toMatch(/[\uD800-\uDBFF]$/);
        expect(title.trim().startsWith(cut)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a variant's label whole and shortens the product's name first", () => {
    const name = 'Ofis stoli, yogʻoch, 160 × 80 sm, metall oyoqli, kabel kanali bilan, oq rangda';
    expect(clickName('Stol', '140×70 sm · Eman')).toBe('Stol (140×70 sm · Eman)');
    const cut = clickName(name, '140×70 sm · Eman');
    expect(cut).toBe('Ofis stoli, yogʻoch, 160 × 80 sm, metall (140×70 sm · Eman)');
    expect(Array.from(cut).length).toBeLessThanOrEqual(63);
  });

  it('cuts a label too long to fit beside the name as one title, 500 random names and labels', () => {
    expect(clickName('Stol', 'x'.repeat(70))).toBe(`Stol (${'x'.repeat(57)}`);
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 90 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 50 }),
        (title, label) => {
          const cut = clickName(title, label);
          expect(Array.from(cut).length).toBeLessThanOrEqual(63);
          expect(cut).not.toMatch(/[\uD800-\uDBFF]$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("a variant's line on the receipt", () => {
  it("Payme's title names the variant; the codes are its product's", () => {
    const source: ReceiptOrderSource = {
      lines: [
        {
          title: 'Yozuv stoli',
          variant: '140×70 sm · Eman',
          price: 1_400_000,
          discountedPrice: null,
          quantity: 1,
          ikpu: '09403001001000000',
          packageCode: '1514296',
          vatPercent: 12,
        },
      ],
      deliveryFee: 0,
      assemblyFee: 0,
      carryFee: 0,
    };
    expect(paymeDetail(receiptOf(source, CODES)).items).toEqual([
      {
        title: 'Yozuv stoli (140×70 sm · Eman)',
        price: 140_000_000,
        count: 1,
        code: '09403001001000000',
        package_code: '1514296',
        vat_percent: 12,
      },
    ]);
    expect(clickItems(receiptOf(source, CODES), '123456789')[0]!.Name).toBe('Yozuv stoli (140×70 sm · Eman)');
  });
});
