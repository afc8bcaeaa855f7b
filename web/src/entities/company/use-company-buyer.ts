import { useState } from 'react';
import type { CompanyBuyer } from '@shop/common';
import {
  EMPTY_COMPANY,
  checkCompany,
  rememberedCompany,
  type CompanyErrors,
  type CompanyField,
  type CompanyValues,
} from './company-form';

/** "I buy for an organisation": the switch, the requisites (a signed-in customer's remembered ones), their errors. */
export function useCompanyBuyer(userId: string | undefined) {
  const [isCompany, setIsCompany] = useState(false);
  const [values, setValues] = useState<CompanyValues>(EMPTY_COMPANY);
  const [errors, setErrors] = useState<CompanyErrors>({});

  const toggle = (on: boolean) => {
    setIsCompany(on);
    if (on)
      setValues((current) =>
        Object.values(current).some(Boolean) ? current : (rememberedCompany(userId) ?? current),
      );
  };

  /** Each field is checked as it is typed; an empty one waits for the submit. */
  const edit = (field: CompanyField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const checked = checkCompany(next);
    setErrors((previous) => ({
      ...previous,
      [field]: value.trim() && !checked.ok ? checked.errors[field] : undefined,
    }));
  };

  /** The buyer to send, or undefined with the errors shown; a person needs nothing. */
  const check = (): { ok: boolean; buyer?: CompanyBuyer } => {
    if (!isCompany) return { ok: true };
    const checked = checkCompany(values);
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok ? { ok: true, buyer: { type: 'company', ...checked.data } } : { ok: false };
  };

  return { isCompany, toggle, values, errors, setErrors, edit, check };
}
