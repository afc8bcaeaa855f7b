import { useTranslation } from '../../../lib/use-translation';
import { IKPU_PATTERN, PACKAGE_CODE_PATTERN, TASNIF_URL } from '@shop/common';
import { input } from '../../components/styles';
import type { ProductFormValues } from '../lib/product-form-model';
import { Field, type ProductFormSectionProps } from './product-form-field';

/** A code's format, checked as the owner types: only what is typed so far and cannot become valid is flagged. */
const badAsTyped = (value: string, pattern: RegExp, full: boolean) => {
  const text = value.trim();
  if (!text) return false;
  return full ? !pattern.test(text) : !/^\d*$/.test(text);
};

/** MXIK code, package code and VAT: what the fiscal receipt of an online payment prints. */
export function ProductFiscalSection({ values, id, error, aria, set }: ProductFormSectionProps) {
  const { t } = useTranslation('admin');
  // Digits only while typing; the 17 digits are asked once the field has as many characters.
  const ikpuProblem =
    badAsTyped(values.ikpu, IKPU_PATTERN, values.ikpu.trim().length >= 17) &&
    t('productForm.errors.ikpuFormat');
  const packageProblem =
    badAsTyped(values.packageCode, PACKAGE_CODE_PATTERN, true) && t('productForm.errors.packageCodeFormat');
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3" data-testid="product-fiscal">
      <legend className="mb-2 font-semibold">{t('productForm.fiscalTitle')}</legend>
      <Field id={id('ikpu')} text={t('productForm.ikpu')} error={ikpuProblem || error('ikpu')}>
        <input
          id={id('ikpu')}
          className={`${input} font-mono`}
          type="text"
          inputMode="numeric"
          maxLength={17}
          placeholder="00000000000000000"
          value={values.ikpu}
          onChange={(e) => set('ikpu', e.target.value)}
          {...(ikpuProblem
            ? { 'aria-invalid': true, 'aria-describedby': `${id('ikpu')}-error` }
            : aria('ikpu'))}
        />
      </Field>
      <Field
        id={id('packageCode')}
        text={t('productForm.packageCode')}
        error={packageProblem || error('packageCode')}
      >
        <input
          id={id('packageCode')}
          className={`${input} font-mono`}
          type="text"
          inputMode="numeric"
          maxLength={20}
          value={values.packageCode}
          onChange={(e) => set('packageCode', e.target.value)}
          {...(packageProblem
            ? { 'aria-invalid': true, 'aria-describedby': `${id('packageCode')}-error` }
            : aria('packageCode'))}
        />
      </Field>
      <Field id={id('vatPercent')} text={t('productForm.vatPercent')} error={error('vatPercent')}>
        <select
          id={id('vatPercent')}
          className={input}
          value={values.vatPercent}
          onChange={(e) => set('vatPercent', e.target.value as ProductFormValues['vatPercent'])}
        >
          {values.vatPercent === '' && <option value="">{t('productForm.vatDefault')}</option>}
          <option value="12">12 %</option>
          <option value="0">0 %</option>
        </select>
      </Field>
      <p className="text-sm text-stone-600 sm:col-span-3">
        {t('productForm.fiscalHint')}{' '}
        <a
          href={TASNIF_URL}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          {t('productForm.tasnifLink')}
        </a>
      </p>
    </fieldset>
  );
}
