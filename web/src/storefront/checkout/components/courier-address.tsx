import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FormField } from '../../../components/ui/form-field';
import { fieldErrorText } from '../../../lib/form-errors';
import { RegionSelect } from '../../../entities/delivery/region-select';
import type { CheckoutErrors } from '../lib/checkout-form';
import type { DeliveryValues } from '../lib/delivery-form';

interface Props {
  values: DeliveryValues;
  errors: CheckoutErrors;
  edit: <K extends keyof DeliveryValues>(field: K, value: DeliveryValues[K]) => void;
}

/** Where the courier goes: region, street and house, apartment, the landmark (moʻljal), floor and lift. */
export function CourierAddress({ values, errors, edit }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  const regionId = useId();
  const regionError = fieldErrorText(t, errors.region);
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={regionId} className="mb-1 block font-medium">
          {t('common:delivery.region')}
        </label>
        <RegionSelect
          id={regionId}
          value={values.region}
          onChange={(region) => edit('region', region)}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
        />
        {regionError && <p className="mt-1 text-sm text-red-700">{regionError}</p>}
      </div>
      <div className="grid grid-cols-[2fr_1fr] gap-3">
        <FormField
          label={t('checkout.delivery.street')}
          value={values.street}
          autoComplete="address-line1"
          maxLength={200}
          error={fieldErrorText(t, errors.street)}
          onChange={(event) => edit('street', event.target.value)}
        />
        <FormField
          label={t('checkout.delivery.house')}
          value={values.house}
          maxLength={200}
          error={fieldErrorText(t, errors.house)}
          onChange={(event) => edit('house', event.target.value)}
        />
      </div>
      <div className="grid grid-cols-[1fr_2fr] gap-3">
        <FormField
          label={t('checkout.delivery.apartment')}
          value={values.apartment}
          maxLength={20}
          error={fieldErrorText(t, errors.apartment)}
          onChange={(event) => edit('apartment', event.target.value)}
        />
        <FormField
          label={t('common:delivery.landmark')}
          value={values.landmark}
          maxLength={300}
          placeholder={t('checkout.delivery.landmarkPlaceholder')}
          error={fieldErrorText(t, errors.landmark)}
          onChange={(event) => edit('landmark', event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 items-end gap-3">
        <FormField
          label={t('common:delivery.floor')}
          value={values.floor}
          inputMode="numeric"
          maxLength={3}
          error={fieldErrorText(t, errors.floor)}
          onChange={(event) => edit('floor', event.target.value)}
        />
        <label className="flex items-center gap-2 pb-2">
          <input
            type="checkbox"
            checked={values.lift}
            onChange={(event) => edit('lift', event.target.checked)}
          />
          {t('checkout.delivery.lift')}
        </label>
      </div>
    </div>
  );
}
