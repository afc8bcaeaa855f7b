/** Local calendar day `YYYY-MM-DD` of a date (what `<input type="date">` shows). */
export function toDayInput(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** An ISO time from the server as a local day, or '' when missing or unreadable. */
export function isoToDayInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : toDayInput(new Date(time));
}

function parseDay(day: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

/** Start of a local day as an ISO instant, so 'today' is already running in the shop's time zone. */
export function dayStartIso(day: string): string | null {
  const parts = parseDay(day);
  return parts ? new Date(parts[0], parts[1], parts[2], 0, 0, 0, 0).toISOString() : null;
}

/** End of a local day as an ISO instant: a discount ending on a day lasts through that day. */
export function dayEndIso(day: string): string | null {
  const parts = parseDay(day);
  return parts ? new Date(parts[0], parts[1], parts[2], 23, 59, 59, 999).toISOString() : null;
}

export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
}

export function formatDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(time));
}
