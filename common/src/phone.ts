/** The stored form of a phone number (and of ADMIN_PHONE, which is read once at start). */
export const AUTH_PHONE_PATTERN = /^\+998\d{9}$/;

/**
 * Normalizes any common way of writing an Uzbek mobile number to `+998XXXXXXXXX`.
 * Accepts `90 123-45-67`, `(90) 1234567`, `998901234567`, `+998 90 123 45 67`;
 * returns null when the digits cannot form such a number.
 */
export function normalizePhone(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  if (/[^\d\s()+\-.]/.test(input)) return null;
  const digits = input.replace(/\D/g, '');
  if (digits.length === 9) return `+998${digits}`;
  if (digits.length === 12 && digits.startsWith('998')) return `+${digits}`;
  return null;
}
