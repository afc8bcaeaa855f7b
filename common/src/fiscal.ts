/**
 * What a fiscal receipt needs of every line (docs/decisions/023-fiscal-receipts.md): the MXIK code
 * of tasnif.soliq.uz (17 digits), the catalogue's package code for the unit sold, and the VAT rate.
 */
export const IKPU_PATTERN = /^\d{17}$/;
export const PACKAGE_CODE_PATTERN = /^\d{1,20}$/;
export const VAT_PERCENTS = [0, 12] as const;
export type VatPercent = (typeof VAT_PERCENTS)[number];
export const DEFAULT_VAT_PERCENT: VatPercent = 12;
export const TASNIF_URL = 'https://tasnif.soliq.uz/';

/** A product that can stand on a receipt: a code and its package code. */
export function hasFiscalData(product: { ikpu: string | null; packageCode: string | null }): boolean {
  return Boolean(product.ikpu && IKPU_PATTERN.test(product.ikpu) && product.packageCode);
}
