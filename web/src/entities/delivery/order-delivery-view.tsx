import { useTranslation } from '../../lib/use-translation';
import { REGION_NAMES, formatSom, type OrderDelivery } from '@shop/common';
import { useDeliveryDay } from './delivery-day';

/**
 * An order's delivery as a short list: how, where, when, its state and what it added to the
 * total. The address shows only where the reader was given it (staff; not the lookup by phone).
 */
export function OrderDeliveryView({ delivery }: { delivery: OrderDelivery }) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const day = useDeliveryDay();
  const { address } = delivery;
  const rows: [string, string][] = [
    [t('delivery.method'), t(`delivery.methods.${delivery.method}`)],
    [t('delivery.status'), t(`delivery.statuses.${delivery.status}`)],
  ];
  if (delivery.region) rows.push([t('delivery.region'), REGION_NAMES[delivery.region][language]]);
  if (address) {
    const street = [
      address.street,
      address.house,
      address.apartment && t('delivery.apartmentShort', { apartment: address.apartment }),
    ];
    rows.push([t('delivery.address'), street.filter(Boolean).join(', ')]);
    if (address.landmark) rows.push([t('delivery.landmark'), address.landmark]);
  }
  if (delivery.date) rows.push([t('delivery.when'), `${day(delivery.date)}, ${delivery.slot ?? ''}`]);
  if (delivery.floor !== undefined) {
    rows.push([
      t('delivery.floor'),
      t(delivery.lift ? 'delivery.floorWithLift' : 'delivery.floorNoLift', { floor: delivery.floor }),
    ]);
  }
  if (delivery.method === 'courier') {
    rows.push([
      t('delivery.fee'),
      delivery.fee === 0 ? t('delivery.free') : formatSom(delivery.fee, i18n.language),
    ]);
  }
  if (delivery.carryFee > 0) rows.push([t('delivery.carry'), formatSom(delivery.carryFee, i18n.language)]);
  if (delivery.assembly) rows.push([t('delivery.assembly'), formatSom(delivery.assemblyFee, i18n.language)]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="order-delivery">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-stone-600">{term}</dt>
          <dd className="font-medium text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
