import { LIMITS, normalizePhone } from '@shop/common';

/** At least 10 characters (a full local number), else the 'enter valid phone' toast. */
export function isLookupPhoneValid(phone: string): boolean {
  return phone.trim().length >= LIMITS.lookupPhoneChars;
}

/** The lookup sends the normalized number when it can; the server normalizes again anyway. */
export function lookupPhone(phone: string): string {
  return normalizePhone(phone) ?? phone.trim();
}
