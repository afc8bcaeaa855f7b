import { z } from 'zod';
import { LIMITS } from '../constants.js';

/*
 * Institutions buy too (decision 024): a company's requisites on the order, the invoice they pay by
 * bank transfer, and the transfer staff record.
 */

export const BUYER_TYPES = ['person', 'company'] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];

/** Digits as people type them, with spaces or dashes between groups, checked for their count. */
const digitsField = (count: number, what: string) =>
  z
    .string()
    .max(60)
    .transform((raw) => raw.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${count}}$`), `${what} is ${count} digits`));

const textField = (max: number, what: string) => z.string().trim().min(1, `${what} is required`).max(max);

/** The requisites an invoice needs: STIR (TIN, 9 digits), the account (20), the bank's MFO (5). */
export const companyRequisitesSchema = z.object({
  name: textField(200, 'The organisation name'),
  tin: digitsField(9, 'The STIR (TIN)'),
  bankAccount: digitsField(20, 'The bank account'),
  mfo: digitsField(5, 'The MFO'),
  bank: textField(200, 'The bank'),
  address: textField(300, 'The address'),
  contactName: textField(100, 'The contact person'),
});
export type CompanyRequisites = z.infer<typeof companyRequisitesSchema>;

export const companyBuyerSchema = companyRequisitesSchema.extend({ type: z.literal('company') });
export type CompanyBuyer = z.infer<typeof companyBuyerSchema>;

/** Who buys: a person (the default) or a company with its requisites. */
export const buyerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('person') }),
  companyBuyerSchema,
]);
export type Buyer = z.infer<typeof buyerSchema>;

/** Body of "bank transfer received": the amount must be the order's total. */
export const bankTransferSchema = z.object({
  amount: z.number().int().min(0).max(LIMITS.maxPrice),
  paidAt: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()])
    .describe('When the money reached the account: a day or a date-time'),
  reference: z.string().trim().min(1, 'The payment reference is required').max(100),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

/** `?key=` or a staff token opens an order's invoice; `lang` picks Uzbek or Russian words. */
export const invoiceQuerySchema = z.object({
  key: z.string().max(100).optional(),
  lang: z.enum(['uz', 'ru']).optional(),
});
