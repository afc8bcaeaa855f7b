import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/form-field';
import { fieldErrorText } from '../../lib/form-errors';
import { COMPANY_FIELDS, type CompanyErrors, type CompanyField, type CompanyValues } from './company-form';

const INPUT: Partial<Record<CompanyField, { inputMode: 'numeric'; maxLength: number; placeholder: string }>> =
  {
    tin: { inputMode: 'numeric', maxLength: 11, placeholder: '123456789' },
    bankAccount: { inputMode: 'numeric', maxLength: 30, placeholder: '2020 8000 9001 2345 6001' },
    mfo: { inputMode: 'numeric', maxLength: 6, placeholder: '00873' },
  };

/** The organisation's requisites, each checked as it is typed. */
export function CompanyFields({
  values,
  errors,
  edit,
}: {
  values: CompanyValues;
  errors: CompanyErrors;
  edit: (field: CompanyField, value: string) => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium text-stone-800">{t('checkout.company.title')}</legend>
      {COMPANY_FIELDS.map((field) => (
        <FormField
          key={field}
          label={t(`checkout.company.${field}`)}
          value={values[field]}
          maxLength={field === 'address' ? 300 : 200}
          {...INPUT[field]}
          error={fieldErrorText(t, errors[field])}
          onChange={(event) => edit(field, event.target.value)}
        />
      ))}
    </fieldset>
  );
}
