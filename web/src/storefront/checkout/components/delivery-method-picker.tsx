import { useTranslation } from '../../../lib/use-translation';
import { DELIVERY_METHODS, type DeliveryMethod } from '@shop/common';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { useSite } from '../../../lib/site';

/**
 * Courier, pickup or "agree by phone": the rest of the delivery form follows the choice. Pickup is
 * offered only where the shop has an address to name, and its hint names it.
 */
export function DeliveryMethodPicker({
  value,
  onChange,
}: {
  value: DeliveryMethod;
  onChange: (method: DeliveryMethod) => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  const address = useSite().contacts?.address;
  const methods = DELIVERY_METHODS.filter((method) => method !== 'pickup' || address);
  return (
    <ChoiceCards
      legend={t('checkout.delivery.title')}
      name="deliveryMethod"
      choices={methods.map((method) => ({
        value: method,
        label: t(`common:delivery.methods.${method}`),
        hint:
          method === 'pickup'
            ? t('checkout.delivery.hint.pickup', { address })
            : t(`checkout.delivery.hint.${method}`),
      }))}
      value={value}
      onChange={onChange}
    />
  );
}
