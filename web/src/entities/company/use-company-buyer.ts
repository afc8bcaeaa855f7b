import { useState } from 'react';
import type { CompanyBuyer } from '@shop/common';
import {
  EMPTY_COMPANY,
  rememberedCompany,
  type CompanyErrors,
  type CompanyField,
  type CompanyValues,
} from './company-form';

/**
 * The requisites' check is common/'s schema, with zod (~23 KB brotli): not in the first load of
 * the pages that offer it (decision 027), asked for when the shopper switches to an organisation.
 */
const loadCheck = () => import('./company-check');

/** "I buy for an organisation": the switch, the requisites (a signed-in customer's remembered ones), their errors. */
export function useCompanyBuyer(userId: string | undefined) {
  const [isCompany, setIsCompany] = useState(false);
  const [values, setValues] = useState<CompanyValues>(EMPTY_COMPANY);
  const [errors, setErrors] = useState<CompanyErrors>({});

  const toggle = (on: boolean) => {
    setIsCompany(on);
    if (!on) return;
    void loadCheck();
    setValues((current) =>
      Object.values(current).some(Boolean) ? current : (rememberedCompany(userId) ?? current),
    );
  };

  /** Each field is checked as it is typed; an empty one waits for the submit. */
  const edit = (field: CompanyField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    void loadCheck().then(({ checkCompany }) => {
      const checked = checkCompany(next);
      setErrors((previous) => ({
        ...previous,
        [field]: value.trim() && !checked.ok ? checked.errors[field] : undefined,
      }));
    });
  };

  /** The buyer to send, or undefined with the errors shown; a person needs nothing. */
  const check = async (): Promise<{ ok: boolean; buyer?: CompanyBuyer }> => {
    if (!isCompany) return { ok: true };
    const { checkCompany } = await loadCheck();
    const checked = checkCompany(values);
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok ? { ok: true, buyer: { type: 'company', ...checked.data } } : { ok: false };
  };

  return { isCompany, toggle, values, errors, setErrors, edit, check };
}
