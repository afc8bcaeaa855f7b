import { SHOP_UTC_OFFSET } from './constants.js';

// Uzbekistan keeps UTC+5 all year, so a Tashkent day is a fixed 24-hour span of instants.
// Every date the shop shows or reads as "a day" goes through these helpers: the server's filters,
// the dashboard's daily figures, and the back office's date inputs, whatever the browser's zone.

export const DAY_MS = 86_400_000;
const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(SHOP_UTC_OFFSET)!;
/** The shop's offset from UTC in milliseconds. */
export const SHOP_OFFSET_MS = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
/** The offset in whole hours, for SQL (`+ interval '5 hours'`). */
export const SHOP_OFFSET_HOURS = SHOP_OFFSET_MS / 3_600_000;

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` with no time: read as a Tashkent day. */
export function isPlainDay(value: string): boolean {
  return PLAIN_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The Tashkent calendar day of an instant, as `YYYY-MM-DD`. */
export function shopDay(at: Date = new Date()): string {
  return new Date(at.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of a Tashkent day; a full timestamp is taken as given. */
export function shopDayStart(value: string): Date {
  return isPlainDay(value) ? new Date(Date.parse(`${value}T00:00:00Z`) - SHOP_OFFSET_MS) : new Date(value);
}

/** The end of a Tashkent day, exclusive (the next day's start); after a full timestamp, the next millisecond. */
export function shopDayEnd(value: string): Date {
  return isPlainDay(value)
    ? new Date(shopDayStart(value).getTime() + DAY_MS)
    : new Date(new Date(value).getTime() + 1);
}

/** The Tashkent day `days` after (or before, when negative) a plain day. */
export function shiftShopDay(day: string, days: number): string {
  return shopDay(new Date(shopDayStart(day).getTime() + days * DAY_MS));
}

/** An instant from the server as its Tashkent day, or '' when missing or unreadable. */
export function shopDayOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : shopDay(new Date(time));
}
