import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatSom, type Quote } from '@shop/common';
import { fieldErrorText } from '../../../lib/form-errors';
import { useDeliveryDay } from '../../../entities/delivery/delivery-day';
import type { CheckoutErrors } from '../lib/checkout-form';
import type { DeliveryValues } from '../lib/delivery-form';

interface Props {
  quote: Quote | undefined;
  values: DeliveryValues;
  errors: CheckoutErrors;
  edit: <K extends keyof DeliveryValues>(field: K, value: DeliveryValues[K]) => void;
}

/** The day and time from the server's quote (full slots shown, not chosen), and assembly when offered. */
export function DeliverySchedule({ quote, values, errors, edit }: Props) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const day = useDeliveryDay();
  const dateId = useId();
  const slots = quote?.dates.find((date) => date.date === values.date)?.slots ?? [];
  const dateError = fieldErrorText(t, errors.date);
  const slotError = fieldErrorText(t, errors.slot);
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={dateId} className="mb-1 block font-medium">
          {t('checkout.delivery.date')}
        </label>
        <select
          id={dateId}
          value={values.date}
          onChange={(event) => edit('date', event.target.value)}
          aria-invalid={!!dateError}
          className={`w-full rounded-lg border bg-white px-3 py-2 ${dateError ? 'border-red-600' : 'border-stone-300'}`}
        >
          {!values.date && <option value="">{t('checkout.delivery.chooseDate')}</option>}
          {quote?.dates.map((date) => (
            <option key={date.date} value={date.date} disabled={date.slots.every((slot) => !slot.available)}>
              {day(date.date)}
            </option>
          ))}
        </select>
        {dateError && <p className="mt-1 text-sm text-red-700">{dateError}</p>}
      </div>
      {slots.length > 0 && (
        <fieldset>
          <legend className="mb-1 font-medium">{t('checkout.delivery.slot')}</legend>
          <div className="flex flex-wrap gap-2">
            {slots.map(({ slot, available }) => (
              <label
                key={slot}
                className={`flex items-center gap-2 rounded-lg border px-3 py-2 ${
                  values.slot === slot ? 'border-brand-600 bg-brand-50' : 'border-stone-300'
                } ${available ? 'cursor-pointer' : 'opacity-50'}`}
              >
                <input
                  type="radio"
                  name="deliverySlot"
                  value={slot}
                  checked={values.slot === slot}
                  disabled={!available}
                  onChange={() => edit('slot', slot)}
                />
                {available ? slot : t('checkout.delivery.slotFull', { slot })}
              </label>
            ))}
          </div>
          {slotError && <p className="mt-1 text-sm text-red-700">{slotError}</p>}
        </fieldset>
      )}
      {quote?.assemblyOffered && (
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-1"
            checked={values.assembly}
            onChange={(event) => edit('assembly', event.target.checked)}
          />
          <span>
            {t('checkout.delivery.assembly')}
            {values.assembly && quote.assembly > 0 && (
              <span className="block text-sm text-stone-600">{formatSom(quote.assembly, i18n.language)}</span>
            )}
          </span>
        </label>
      )}
    </div>
  );
}
