import { useTranslation } from '../../../lib/use-translation';
import { DELIVERY_METHODS, type DeliveryMethod } from '@shop/common';

/** Courier, pickup or "agree by phone": the rest of the delivery form follows the choice. */
export function DeliveryMethodPicker({
  value,
  onChange,
}: {
  value: DeliveryMethod;
  onChange: (method: DeliveryMethod) => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">{t('checkout.delivery.title')}</legend>
      {DELIVERY_METHODS.map((method) => (
        <label
          key={method}
          className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 ${
            value === method ? 'border-brand-600 bg-brand-50' : 'border-stone-300'
          }`}
        >
          <input
            type="radio"
            name="deliveryMethod"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium">{t(`common:delivery.methods.${method}`)}</span>
            <span className="block text-sm text-stone-600">{t(`checkout.delivery.hint.${method}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
