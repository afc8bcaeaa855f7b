import { z } from 'zod';
import { optionalDigits, optionalText } from './env.js';

/** The seller's side of an invoice (decision 024); unset requisites print as a dash. */
export interface InvoiceSettings {
  legalName: string | undefined;
  tin: string | undefined;
  bankAccount: string | undefined;
  mfo: string | undefined;
  bank: string | undefined;
  /** Days an invoice may be paid in, from the order's day. */
  validDays: number;
}

const optionalName = optionalText.pipe(z.string().max(200, 'must be at most 200 characters').optional());

export const invoiceEnvSchema = z.object({
  SHOP_LEGAL_NAME: optionalName,
  SHOP_BANK_ACCOUNT: optionalDigits(20),
  SHOP_MFO: optionalDigits(5),
  SHOP_BANK: optionalName,
  INVOICE_VALID_DAYS: z.coerce.number().int().min(1).max(90).default(5),
});

/** `tin` is SHOP_TIN, which fiscal receipts read too (fiscal-config.ts). */
export function invoiceSettingsFrom(
  vars: z.infer<typeof invoiceEnvSchema>,
  tin: string | undefined,
): InvoiceSettings {
  return {
    legalName: vars.SHOP_LEGAL_NAME,
    tin,
    bankAccount: vars.SHOP_BANK_ACCOUNT,
    mfo: vars.SHOP_MFO,
    bank: vars.SHOP_BANK,
    validDays: vars.INVOICE_VALID_DAYS,
  };
}
