import { LIMITS, normalizePhone } from '@shop/common';

/** Spec §5: at least 10 characters, else the 'enter valid phone' toast. */
export function isLookupPhoneValid(phone: string): boolean {
  return phone.trim().length >= LIMITS.lookupPhoneChars;
}

/** The lookup sends the normalized number when it can; the server normalizes again anyway. */
export function lookupPhone(phone: string): string {
  return normalizePhone(phone) ?? phone.trim();
}
