import { describe, expect, it } from 'vitest';
import { formatSom as formatSomIn } from '@shop/common';

const formatSom = (amount: number) => formatSomIn(amount, 'en');
import { auditFiltersToParams, auditValue, readAuditFilters } from './audit-filters';

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

describe('a changed value on the screen', () => {
  it('shows money in so‘m, nothing as a dash, records as text', () => {
    expect(auditValue('price', 125_000, formatSom)).toBe("125 000 so'm");
    expect(auditValue('stock', 7, formatSom)).toBe('7');
    expect(auditValue('notes', null, formatSom)).toBe('—');
    expect(auditValue('color', ['oq', 'qora'], formatSom)).toBe('["oq","qora"]');
  });
});
