import { useTranslation } from '../../../lib/use-translation';
import { DELIVERY_METHODS, type DeliveryMethod } from '@shop/common';
import { ChoiceCards } from '../../../components/ui/choice-cards';

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
    <ChoiceCards
      legend={t('checkout.delivery.title')}
      name="deliveryMethod"
      choices={DELIVERY_METHODS.map((method) => ({
        value: method,
        label: t(`common:delivery.methods.${method}`),
        hint: t(`checkout.delivery.hint.${method}`),
      }))}
      value={value}
      onChange={onChange}
    />
  );
}
