import { normalizePhone } from '@shop/common';

/** The shop's one phone rule: any way of writing the number that the checkout takes. */
export function isLookupPhoneValid(phone: string): boolean {
  return normalizePhone(phone) !== null;
}

/** The lookup sends the normalized number when it can; the server normalizes again anyway. */
export function lookupPhone(phone: string): string {
  return normalizePhone(phone) ?? phone.trim();
}
