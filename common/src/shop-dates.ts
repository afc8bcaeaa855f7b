import { SHOP_OFFSET_MS, isPlainDay } from './shop-day.js';

// Dates for people, always in Tashkent time whatever the reader's zone. Uzbek month names are the
// shop's own: Chromium ships no Uzbek calendar data ("2026 M11 26"), while Node does, so the
// server and the browser would render different text. Russian and English use Intl, which every
// browser carries; the instant is shifted by the fixed UTC+5 and formatted as UTC, so no time-zone
// database is needed either.

const UZ_MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
] as const;

/** Tashkent wall-clock fields of an instant (read with the UTC getters). */
function tashkent(time: number): Date {
  return new Date(time + SHOP_OFFSET_MS);
}

function readInstant(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

const isUzbek = (language: string) => language.toLowerCase().startsWith('uz');
const two = (n: number) => String(n).padStart(2, '0');

function uzDay(at: Date, withYear: boolean): string {
  const day = `${at.getUTCDate()}-${UZ_MONTHS[at.getUTCMonth()]}`;
  return withYear ? `${day} ${at.getUTCFullYear()}` : day;
}

function intl(language: string, options: Intl.DateTimeFormatOptions, at: Date): string {
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(at);
}

/** An instant as date and time in Tashkent ("26-noyabr 2026, 01:13"); '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  const time = readInstant(iso);
  if (time === null) return '';
  const at = tashkent(time);
  if (isUzbek(language)) return `${uzDay(at, true)}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
  return intl(language, { dateStyle: 'medium', timeStyle: 'short' }, at);
}

/** An instant's Tashkent date with the year ("26-noyabr 2026", "26 November 2026"). */
export function formatDate(iso: string | null | undefined, language: string): string {
  const time = readInstant(iso);
  if (time === null) return '';
  const at = tashkent(time);
  if (isUzbek(language)) return uzDay(at, true);
  return intl(language, { year: 'numeric', month: 'long', day: 'numeric' }, at);
}

/** A plain Tashkent day, short, for chart axes ("2-noyabr", "2 нояб.", "Nov 2"); other text as given. */
export function formatShopDay(day: string, language: string): string {
  if (!isPlainDay(day)) return day;
  const at = new Date(`${day}T00:00:00Z`);
  if (isUzbek(language)) return uzDay(at, false);
  return intl(language, { day: 'numeric', month: 'short' }, at);
}
