import { SHOP_OFFSET_MS, isPlainDay } from './shop-day.js';

// Dates for people, always in Tashkent time whatever the reader's zone, written from the shop's own
// month names in all three languages rather than through Intl: Chromium ships no Uzbek calendar
// data ("2026 M11 26"); the server's and the browser's ICU versions may word a date differently,
// which would make a server-rendered page's text differ from its hydration; and a phone's first
// Intl date formatter loads its locale data (~20 ms, ~75 ms at a cheap phone's speed) in the middle
// of hydrating the page. The forms are CLDR's (what Intl answered for en and ru).

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
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** Russian months as a date says them (genitive: "26 ноября"), full and abbreviated. */
const RU_MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;
const RU_SHORT_MONTHS = [
  'янв.',
  'февр.',
  'мар.',
  'апр.',
  'мая',
  'июн.',
  'июл.',
  'авг.',
  'сент.',
  'окт.',
  'нояб.',
  'дек.',
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

const two = (n: number) => String(n).padStart(2, '0');

type Style = 'dateTime' | 'date' | 'shortDay';
type Writer = (at: Date, style: Style) => string;

/** "26-noyabr 2026, 01:13", "26-noyabr 2026", "26-noyabr". */
const uzbek: Writer = (at, style) => {
  const day = `${at.getUTCDate()}-${UZ_MONTHS[at.getUTCMonth()]}`;
  if (style === 'shortDay') return day;
  const date = `${day} ${at.getUTCFullYear()}`;
  return style === 'date' ? date : `${date}, ${clock(at)}`;
};

/** "26 нояб. 2026 г., 01:13", "26 ноября 2026 г.", "26 нояб.". */
const russian: Writer = (at, style) => {
  const day = at.getUTCDate();
  const month = at.getUTCMonth();
  if (style === 'shortDay') return `${day} ${RU_SHORT_MONTHS[month]}`;
  if (style === 'date') return `${day} ${RU_MONTHS[month]} ${at.getUTCFullYear()} г.`;
  return `${day} ${RU_SHORT_MONTHS[month]} ${at.getUTCFullYear()} г., ${clock(at)}`;
};

/** "Nov 26, 2026, 1:13 AM", "November 26, 2026", "Nov 26". */
const english: Writer = (at, style) => {
  const name = EN_MONTHS[at.getUTCMonth()]!;
  const day = at.getUTCDate();
  if (style === 'shortDay') return `${name.slice(0, 3)} ${day}`;
  if (style === 'date') return `${name} ${day}, ${at.getUTCFullYear()}`;
  const hours = at.getUTCHours();
  const time = `${hours % 12 || 12}:${two(at.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${name.slice(0, 3)} ${day}, ${at.getUTCFullYear()}, ${time}`;
};

const clock = (at: Date) => `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;

/** The shop's three languages; any other reads English. */
function writerFor(language: string): Writer {
  const code = language.toLowerCase();
  if (code.startsWith('uz')) return uzbek;
  return code.startsWith('ru') ? russian : english;
}

/** An instant as date and time in Tashkent ("26-noyabr 2026, 01:13"); '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  const time = readInstant(iso);
  if (time === null) return '';
  return writerFor(language)(tashkent(time), 'dateTime');
}

/** An instant's Tashkent date with the year ("26-noyabr 2026", "November 26, 2026"). */
export function formatDate(iso: string | null | undefined, language: string): string {
  const time = readInstant(iso);
  if (time === null) return '';
  return writerFor(language)(tashkent(time), 'date');
}

/** A plain Tashkent day, short, for chart axes ("2-noyabr", "2 нояб.", "Nov 2"); other text as given. */
export function formatShopDay(day: string, language: string): string {
  if (!isPlainDay(day)) return day;
  return writerFor(language)(new Date(`${day}T00:00:00Z`), 'shortDay');
}
