import { useState, type FormEvent } from 'react';
import { CATEGORIES, PROMO_KINDS, type PromoCode, type PromoKind } from '@shop/common';
import { FormField } from '../../../components/ui/form-field';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { fieldErrorText, hasFieldErrors, serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useCreatePromoCodeMutation, useUpdatePromoCodeMutation } from '../api/promo-api';
import {
  emptyPromoForm,
  promoFieldOf,
  promoPatch,
  promoToFormValues,
  validatePromoForm,
  type PromoField,
  type PromoFormErrors,
  type PromoFormValues,
} from '../lib/promo-form-model';
import { PromoProductsPicker } from './promo-products-picker';

/**
 * One form for a new code and for changing one (`code` given): its terms, window, categories and
 * products, limits and switch. An edit sends only the fields changed.
 */
export function PromoCodeForm({ code, onSaved }: { code?: PromoCode; onSaved: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [initial] = useState<PromoFormValues>(() => (code ? promoToFormValues(code) : emptyPromoForm()));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PromoFormErrors>({});
  const [create, creating] = useCreatePromoCodeMutation();
  const [update, updating] = useUpdatePromoCodeMutation();
  const edit = <F extends PromoField>(field: F, value: PromoFormValues[F]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePromoForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      if (code) {
        const patch = promoPatch(values, initial);
        if (Object.keys(patch).length > 0) await update({ id: code._id, patch }).unwrap();
      } else {
        await create(checked.body).unwrap();
        setValues(emptyPromoForm());
      }
      toast.success(t('promo.saved'));
      onSaved();
    } catch (error) {
      const taken = apiErrorCode(error) === 'PROMO_CODE_TAKEN';
      const message = apiErrorMessage(error, t, 'admin:promo.failed');
      // The server's words are English: a field it names shows the translated reason instead.
      const named = Object.keys(serverFieldErrors(error, promoFieldOf)) as PromoField[];
      const onFields: PromoFormErrors = Object.fromEntries(
        (taken ? ['code' as const] : named).map((field) => [field, { text: message }]),
      );
      setErrors(onFields);
      if (!hasFieldErrors(onFields)) toast.error(message);
    }
  };

  const error = (field: PromoField) => fieldErrorText(t, errors[field]);
  const numberField = (field: 'value' | 'minTotal' | 'maxUses' | 'maxUsesPerPhone', hint?: string) => (
    <FormField
      label={t(`promo.${field}`)}
      inputMode="numeric"
      value={values[field]}
      error={error(field)}
      hint={hint}
      onChange={(event) => edit(field, event.target.value)}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 text-sm sm:grid-cols-2"
      aria-label={code ? t('promo.editTitleOf', { code: code.code }) : t('promo.newTitle')}
    >
      <FormField
        label={t('promo.code')}
        value={values.code}
        error={error('code')}
        onChange={(event) => edit('code', event.target.value)}
      />
      <label className="flex flex-col">
        <span className="mb-1 font-medium">{t('promo.kindLabel')}</span>
        <select
          className="rounded-lg border border-stone-300 px-3 py-2"
          value={values.kind}
          onChange={(event) => edit('kind', event.target.value as PromoKind)}
        >
          {PROMO_KINDS.map((each) => (
            <option key={each} value={each}>
              {t(`promo.kind.${each}`)}
            </option>
          ))}
        </select>
      </label>
      {values.kind !== 'free_delivery' && numberField('value')}
      {numberField('minTotal')}
      <FormField
        type="date"
        label={t('promo.startsAt')}
        value={values.startsAt}
        error={error('startsAt')}
        onChange={(event) => edit('startsAt', event.target.value)}
      />
      <FormField
        type="date"
        label={t('promo.endsAt')}
        value={values.endsAt}
        error={error('endsAt')}
        hint={t('promo.endsAtHint')}
        onChange={(event) => edit('endsAt', event.target.value)}
      />
      {numberField('maxUses', t('promo.noLimitHint'))}
      {numberField('maxUsesPerPhone', t('promo.noLimitHint'))}
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">{t('promo.categories')}</legend>
        <p className="text-stone-600">{t('promo.categoriesHint')}</p>
        {CATEGORIES.map((category) => (
          <label key={category} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values.categories.includes(category)}
              onChange={(event) =>
                edit(
                  'categories',
                  event.target.checked
                    ? [...values.categories, category]
                    : values.categories.filter((each) => each !== category),
                )
              }
            />
            {t(`categories.${category}`)}
          </label>
        ))}
      </fieldset>
      <PromoProductsPicker value={values.productIds} onChange={(ids) => edit('productIds', ids)} />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => edit('active', event.target.checked)}
        />
        {t('promo.active')}
      </label>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={creating.isLoading || updating.isLoading}
          className="rounded bg-brand-600 px-3 py-2 text-white"
        >
          {t(code ? 'promo.save' : 'promo.create')}
        </button>
      </div>
    </form>
  );
}
