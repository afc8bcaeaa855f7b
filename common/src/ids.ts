/** Random, not time-ordered ids, so SKUs and short order ids differ between records (docs/decisions/002). */
export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const sku = (id: string): string => id.slice(0, 8).toUpperCase();
/** A product's short id in order lines: the last 6 characters. */
export const shortId = (id: string): string => id.slice(-6);

const ORDER_NUMBER_LENGTH = 6;

/**
 * The one order number shoppers, staff and server messages use (decision 016):
 * `#` and the id's last 6 characters in upper case, e.g. `#A1B2C3`.
 */
export const orderNumber = (id: string): string => `#${id.slice(-ORDER_NUMBER_LENGTH).toUpperCase()}`;

/**
 * Reads an order number as staff type it (`#a1b2c3`, `A1B2C3`, ` #A1B2C3 `): the id's last 6
 * characters as stored (lower case), or null when the text is not an order number.
 */
export function parseOrderNumber(text: string): string | null {
  const digits = text.trim().replace(/^#/, '').trim().toLowerCase();
  return /^[0-9a-f]{6}$/.test(digits) ? digits : null;
}
