import { SHOP_UTC_OFFSET } from '@shop/common';

/** Staff date filters and daily figures count Tashkent days (UTC+5 all year). */
const DAY_MS = 86_400_000;

/** A plain `YYYY-MM-DD` is a Tashkent day; a full timestamp is taken as given. */
export function shopDayStart(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00${SHOP_UTC_OFFSET}`)
    : new Date(value);
}

/** The end of the filter, exclusive: the day after a plain date, so the whole end day counts. */
export function shopDayEnd(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(new Date(`${value}T00:00:00${SHOP_UTC_OFFSET}`).getTime() + DAY_MS)
    : new Date(new Date(value).getTime() + 1);
}

/** The Tashkent calendar day of an instant, as `YYYY-MM-DD`. */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
}
