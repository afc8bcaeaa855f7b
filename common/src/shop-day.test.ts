import { describe, expect, it } from 'vitest';
import {
  SHOP_OFFSET_HOURS,
  isPlainDay,
  shiftShopDay,
  shopDay,
  shopDayEnd,
  shopDayOf,
  shopDayStart,
} from './shop-day.js';

describe('Tashkent days', () => {
  it('is UTC+5 all year', () => {
    expect(SHOP_OFFSET_HOURS).toBe(5);
  });

  it('reads a plain date as the Tashkent day, whatever the instant zone', () => {
    expect(shopDayStart('2026-03-01').toISOString()).toBe('2026-02-28T19:00:00.000Z');
    expect(shopDayEnd('2026-03-01').toISOString()).toBe('2026-03-01T19:00:00.000Z');
    expect(shopDayStart('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(shopDayEnd('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-01T10:00:00.001Z');
  });

  it('names the Tashkent day of an instant: 19:00 UTC is already tomorrow', () => {
    expect(shopDay(new Date('2026-03-01T18:59:59.999Z'))).toBe('2026-03-01');
    expect(shopDay(new Date('2026-03-01T19:00:00.000Z'))).toBe('2026-03-02');
    expect(shopDayOf('2026-12-31T20:00:00Z')).toBe('2027-01-01');
    expect(shopDayOf('')).toBe('');
    expect(shopDayOf('not a date')).toBe('');
  });

  it('shifts days across months, years and leap days', () => {
    expect(shiftShopDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftShopDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftShopDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftShopDay('2026-06-15', 0)).toBe('2026-06-15');
    expect(shiftShopDay('2026-06-15', -29)).toBe('2026-05-17');
  });

  it('tells plain days from other text', () => {
    expect(isPlainDay('2026-02-28')).toBe(true);
    expect(isPlainDay('2026-13-01')).toBe(false);
    expect(isPlainDay('28.02.2026')).toBe(false);
  });
});
