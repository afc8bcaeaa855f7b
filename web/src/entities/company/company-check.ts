import { companyRequisitesSchema } from '@shop/common';
import { validateWith, type FieldWording } from '../../lib/form-errors';
import type { StorefrontKey } from '../../lib/translate';
import type { CompanyField, CompanyValues } from './company-form';

// Apart from company-form: the schema brings zod, which the pages offering the requisites load
// only once the shopper buys as an organisation (use-company-buyer.ts).

const WORDING: FieldWording<CompanyField, StorefrontKey> = {
  tin: { format: 'checkout.company.errors.tin' },
  bankAccount: { format: 'checkout.company.errors.bankAccount' },
  mfo: { format: 'checkout.company.errors.mfo' },
};

/** The requisites as the order sends them (digits without spaces), or each field's error. */
export const checkCompany = (values: CompanyValues) =>
  validateWith(companyRequisitesSchema, values, WORDING, (path) => path[0] as CompanyField);
