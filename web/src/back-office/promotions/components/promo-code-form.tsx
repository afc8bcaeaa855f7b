import { useState, type FormEvent } from 'react';
import { CATEGORIES, PROMO_KINDS, type Category, type PromoCode, type PromoKind } from '@shop/common';
import { FormField } from '../../../components/ui/form-field';
import { apiErrorCode, apiErrorMessage, type ErrorCodeKey } from '../../../lib/api-error';
import { fieldErrorText, hasFieldErrors, serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import type { Translate } from '../../../lib/translate';
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
      const { message, onFields } = refusalOf(error, t);
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
      <PromoKindSelect value={values.kind} onChange={(kind) => edit('kind', kind)} />
      {values.kind !== 'free_delivery' && numberField('value')}
      {numberField('minTotal')}
      <PromoWindowFields values={values} error={error} edit={edit} />
      {numberField('maxUses', t('promo.noLimitHint'))}
      {numberField('maxUsesPerPhone', t('promo.noLimitHint'))}
      <PromoCategories value={values.categories} onChange={(categories) => edit('categories', categories)} />
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

/** The server's refusal as the form shows it: on the fields it names, else as one message. */
function refusalOf(
  error: unknown,
  t: Translate<'admin:promo.failed' | ErrorCodeKey>,
): { message: string; onFields: PromoFormErrors } {
  const taken = apiErrorCode(error) === 'PROMO_CODE_TAKEN';
  const message = apiErrorMessage(error, t, 'admin:promo.failed');
  // The server's words are English: a field it names shows the translated reason instead.
  const named = Object.keys(serverFieldErrors(error, promoFieldOf)) as PromoField[];
  const onFields: PromoFormErrors = Object.fromEntries(
    (taken ? ['code' as const] : named).map((field) => [field, { text: message }]),
  );
  return { message, onFields };
}

function PromoKindSelect({ value, onChange }: { value: PromoKind; onChange: (kind: PromoKind) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <label className="flex flex-col">
      <span className="mb-1 font-medium">{t('promo.kindLabel')}</span>
      <select
        className="rounded-lg border border-stone-300 px-3 py-2"
        value={value}
        onChange={(event) => onChange(event.target.value as PromoKind)}
      >
        {PROMO_KINDS.map((each) => (
          <option key={each} value={each}>
            {t(`promo.kind.${each}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function PromoCategories({ value, onChange }: { value: Category[]; onChange: (next: Category[]) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-medium">{t('promo.categories')}</legend>
      <p className="text-stone-600">{t('promo.categoriesHint')}</p>
      {CATEGORIES.map((category) => (
        <label key={category} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={value.includes(category)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...value, category] : value.filter((each) => each !== category),
              )
            }
          />
          {t(`categories.${category}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** When the code works: from the start day to the end of the end day, Tashkent time. */
function PromoWindowFields({
  values,
  error,
  edit,
}: {
  values: PromoFormValues;
  error: (field: PromoField) => string | undefined;
  edit: (field: 'startsAt' | 'endsAt', value: string) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <>
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
    </>
  );
}
