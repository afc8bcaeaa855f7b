import type { CompanyRequisites } from '@shop/common';
import { readJson, writeStorage } from '../../lib/storage';
import type { FieldErrors } from '../../lib/form-errors';
import type { StorefrontKey } from '../../lib/translate';

export type CompanyField = keyof CompanyRequisites;
export type CompanyValues = Record<CompanyField, string>;
export type CompanyErrors = FieldErrors<CompanyField, StorefrontKey>;

export const COMPANY_FIELDS: CompanyField[] = [
  'name',
  'tin',
  'bankAccount',
  'mfo',
  'bank',
  'address',
  'contactName',
];
export const EMPTY_COMPANY: CompanyValues = {
  name: '',
  tin: '',
  bankAccount: '',
  mfo: '',
  bank: '',
  address: '',
  contactName: '',
};

/** The form field a server error names (`buyer.tin` → `tin`). */
export const companyFieldOf = (path: readonly PropertyKey[]): CompanyField | undefined =>
  String(path[0]) === 'buyer' && COMPANY_FIELDS.includes(path[1] as CompanyField)
    ? (path[1] as CompanyField)
    : undefined;

/*
 * A signed-in customer's company details are kept in this browser, per account, after an order
 * for the organisation, and filled in for the next one (decision 024).
 */
const storageKey = (userId: string) => `companyDetails:${userId}`;

export function rememberedCompany(userId: string | undefined): CompanyValues | null {
  if (!userId) return null;
  const saved = readJson<Partial<CompanyValues>>(storageKey(userId));
  return saved ? { ...EMPTY_COMPANY, ...saved } : null;
}

export function rememberCompany(userId: string | undefined, company: CompanyRequisites): void {
  if (userId) writeStorage(storageKey(userId), JSON.stringify(company));
}
