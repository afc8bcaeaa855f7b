import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatShopDay } from './shop-dates.js';

describe('dates for people, in Tashkent time', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes Uzbek dates with the shop’s own month names', () => {
    expect(formatDateTime('2026-11-25T20:13:00Z', 'uz')).toBe('26-noyabr 2026, 01:13');
    expect(formatDate('2026-01-05T10:00:00Z', 'uz')).toBe('5-yanvar 2026');
    expect(formatShopDay('2026-11-02', 'uz')).toBe('2-noyabr');
  });

  it('names every month in Uzbek', () => {
    const months = Array.from({ length: 12 }, (_, m) =>
      formatShopDay(`2026-${String(m + 1).padStart(2, '0')}-01`, 'uz'),
    );
    expect(months).toEqual([
      '1-yanvar',
      '1-fevral',
      '1-mart',
      '1-aprel',
      '1-may',
      '1-iyun',
      '1-iyul',
      '1-avgust',
      '1-sentabr',
      '1-oktabr',
      '1-noyabr',
      '1-dekabr',
    ]);
  });

  it('writes English and Russian as Intl does, every month and both halves of the day', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const hour of [0, 9, 12, 23]) {
        // A Tashkent wall-clock time, as the UTC instant five hours before it.
        const wall = new Date(Date.UTC(2026, month, 7, hour, 5));
        const iso = new Date(wall.getTime() - 5 * 3_600_000).toISOString();
        const day = wall.toISOString().slice(0, 10);
        for (const language of ['en', 'ru']) {
          const intl = (options: Intl.DateTimeFormatOptions) =>
            // Some ICU versions put a no-break space before AM/PM; the shop writes a plain one.
            new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' })
              .format(wall)
              .replace(/[\u202f\u00a0]/g, ' ');
          expect(formatDateTime(iso, language)).toBe(intl({ dateStyle: 'medium', timeStyle: 'short' }));
          expect(formatDate(iso, language)).toBe(intl({ year: 'numeric', month: 'long', day: 'numeric' }));
          expect(formatShopDay(day, language)).toBe(intl({ day: 'numeric', month: 'short' }));
        }
      }
    }
  });

  it('never asks the runtime for calendar data (Chromium has none for Uzbek)', () => {
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: () => {
        throw new Error('Intl used for Uzbek');
      },
    });
    expect(formatDateTime('2026-11-25T20:13:00Z', 'uz')).not.toMatch(/M11/);
    expect(formatShopDay('2026-11-02', 'uz-Latn')).toBe('2-noyabr');
    expect(formatDate('2026-11-25T20:13:00Z', 'ru')).toBe('26 ноября 2026 г.');
    expect(formatDateTime('2026-11-25T20:13:00Z', 'en-US')).toBe('Nov 26, 2026, 1:13 AM');
  });

  it('crosses midnight at Tashkent midnight, not the reader’s or UTC', () => {
    expect(formatDate('2026-12-31T18:59:00Z', 'uz')).toBe('31-dekabr 2026');
    expect(formatDate('2026-12-31T19:00:00Z', 'uz')).toBe('1-yanvar 2027');
    expect(formatDateTime('2026-12-31T19:00:00Z', 'en')).toBe('Jan 1, 2027, 12:00 AM');
  });

  it('uses the reader’s language for Russian and English', () => {
    expect(formatDateTime('2026-11-25T20:13:00Z', 'ru')).toMatch(/^26 нояб\. 2026 г\., 01:13$/);
    expect(formatDate('2026-11-25T20:13:00Z', 'en')).toBe('November 26, 2026');
    expect(formatShopDay('2026-03-01', 'en')).toBe('Mar 1');
  });

  it('answers empty for a missing or unreadable instant and keeps other day text', () => {
    expect(formatDateTime(null, 'uz')).toBe('');
    expect(formatDateTime('nonsense', 'ru')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatShopDay('oops', 'en')).toBe('oops');
  });
});
