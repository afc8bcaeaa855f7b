/** Random, not time-ordered ids, so SKUs and short order ids differ between records (decisions.md). */
export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const sku = (id: string): string => id.slice(0, 8).toUpperCase();
/** Staff order list shows the last 8 characters, the storefront and order lines the last 6. */
export const shortOrderId = (id: string): string => id.slice(-8);
export const shortId = (id: string): string => id.slice(-6);
