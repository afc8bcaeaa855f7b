import { describe, expect, it } from 'vitest';
import { REGION_NAMES } from '@shop/common';
import { auditFiltersToParams, auditRecord, readAuditFilters } from './audit-filters';

describe('audit filters in the URL', () => {
  it('keeps only values the server accepts', () => {
    const params = new URLSearchParams(
      'actor=0123456789abcdef01234567&entity=product&action=drop&startDate=2026-01-01&endDate=x',
    );
    expect(readAuditFilters(params)).toEqual({
      actor: '0123456789abcdef01234567',
      entity: 'product',
      action: '',
      startDate: '2026-01-01',
      endDate: '',
    });
  });

  it('writes the applied filters and the page back, leaving out empty ones', () => {
    expect(
      auditFiltersToParams({ actor: '', entity: 'order', action: 'update', startDate: '', endDate: '' }, 3),
    ).toEqual({ entity: 'order', action: 'update', page: '3' });
  });
});

describe('the record an entry is about', () => {
  it("names a region in full in the reader's language, not its first or last 8 characters", () => {
    expect(auditRecord('delivery', 'tashkent-city', 'en')).toBe('Tashkent city');
    expect(auditRecord('delivery', 'karakalpakstan', 'uz')).toBe(REGION_NAMES.karakalpakstan.uz);
    expect(auditRecord('delivery', 'samarkand', 'ru')).toBe(REGION_NAMES.samarkand.ru);
  });
  it('names an order by its number and keeps the end of any other id', () => {
    expect(auditRecord('order', '0123456789abcdef01a2b3c4', 'en')).toBe('#A2B3C4');
    expect(auditRecord('product', '0123456789abcdef01a2b3c4', 'en')).toBe('01a2b3c4');
  });
});
