/** An instant as date and time in the reader's language and zone (order and account times). */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
}
