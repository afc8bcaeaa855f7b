import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@shop/common';
import i18n from '../../../lib/i18n';
import '../../lib/locales';
import { auditFieldLabel, auditValue, type AuditWords } from './audit-values';

const languages = ['uz', 'ru', 'en'] as const;
beforeAll(() => Promise.all(languages.map((language) => i18n.loadLanguage(language))));

const wordsIn = (language: (typeof languages)[number]): AuditWords => {
  const t = i18n.getFixedT(language, ['admin', 'common']);
  return { language, t: (key, defaultValue) => t(key, defaultValue) };
};
const en = wordsIn('en');

describe('a changed field on the audit screen', () => {
  it('is named by its label in the reader’s language, an unnamed one as words', () => {
    expect(auditFieldLabel('paymentStatus', en)).toBe('Payment');
    expect(auditFieldLabel('carryPerFloor', wordsIn('ru'))).toBe('Подъём за этаж');
    expect(auditFieldLabel('someNewColumn', en)).toBe('some new column');
  });

  it('shows money in so‘m, nothing as a dash, a list as its items, yes or no', () => {
    expect(auditValue('price', 125_000, en)).toBe("125 000 so'm");
    expect(auditValue('stock', 7, en)).toBe('7');
    expect(auditValue('notes', null, en)).toBe('—');
    expect(auditValue('color', ['oq', 'qora'], en)).toBe('White, Black');
    expect(auditValue('enabled', false, en)).toBe('No');
    expect(auditValue('closedWeekdays', [6, 7], en)).toBe('Sat, Sun');
  });

  it('names statuses and methods as the rest of the back office does', () => {
    expect(auditValue('paymentStatus', 'paid', en)).toBe('Paid');
    expect(auditValue('paymentMethod', 'bank_transfer', en)).toBe('Bank transfer');
    expect(auditValue('status', 'out_for_delivery', en)).toBe('On the way');
  });

  it('shows an instant in Tashkent time in the reader’s language, not as UTC text', () => {
    const paidAt = '2026-11-20T09:30:00.000Z';
    expect(auditValue('paidAt', paidAt, wordsIn('uz'))).toBe(formatDateTime(paidAt, 'uz'));
    expect(auditValue('paidAt', paidAt, en)).toBe('Nov 20, 2026, 2:30 PM');
  });

  it('reads a nested record as its labelled fields, not as JSON', () => {
    const delivery = {
      method: 'courier',
      region: 'samarkand',
      date: '2026-12-01',
      slot: '09-13',
      lift: true,
      fee: 50_000,
      status: 'scheduled',
    };
    const shown = auditValue('delivery', delivery, en);
    expect(shown).toBe(
      "Method: Courier to the door, Region: Samarkand region, Day: 2026-12-01, Slot: 09-13, Lift: Yes, Fee: 50 000 so'm, Status: Scheduled",
    );
    expect(shown).not.toContain('{');
    const transfer = { amount: 900_000, reference: 'P-17', byId: '0123456789abcdef01234567', byName: 'Aziz' };
    expect(auditValue('bankTransfer', transfer, en)).toBe(
      "Amount: 900 000 so'm, Payment reference: P-17, Recorded by: Aziz",
    );
  });
});

describe('a product’s options and variants on the audit screen', () => {
  const options = [
    {
      code: 'size',
      name: { uz: 'Oʻlcham', en: 'Width' },
      values: [
        { code: '120', label: { uz: '120 sm' } },
        { code: '140', label: { uz: '140 sm', en: '140 cm' } },
      ],
    },
  ];
  const variants = [
    {
      id: 'v1',
      sku: 'D-120',
      values: { size: '120' },
      price: 450_000,
      discountedPrice: null,
      stock: 5,
      madeToOrder: false,
      leadDays: 0,
      status: 'active',
    },
    {
      id: 'v2',
      sku: 'D-140',
      values: { size: '140' },
      price: 520_000,
      discountedPrice: 500_000,
      stock: 0,
      madeToOrder: true,
      leadDays: 30,
      status: 'hidden',
    },
  ];

  it('names options with their values in the reader’s language', () => {
    expect(auditValue('options', options, en)).toBe('Width (120 sm, 140 cm)');
    expect(auditValue('options', options, wordsIn('uz'))).toBe('Oʻlcham (120 sm, 140 sm)');
    expect(auditValue('options', [], en)).toBe('—');
  });

  it('sums up each variant by its SKU: price, sale price, stock, made to order, hidden', () => {
    expect(auditValue('variants', variants, en)).toBe(
      "D-120: 450 000 so'm, Stock 5; D-140: 520 000 so'm, Sale price 500 000 so'm, Stock 0, Made to order, Lead days 30, Hidden",
    );
  });
});
