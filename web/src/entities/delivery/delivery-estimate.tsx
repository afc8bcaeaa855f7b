import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Truck } from 'lucide-react';
import { formatSom, regionAfterTo, type QuoteRequest } from '@shop/common';
import { apiErrorCode } from '../../lib/api-error';
import { useGetDeliveryQuoteQuery } from './delivery-api';
import { useDeliveryDay } from './delivery-day';
import { useRegion } from './region';
import { RegionSelect } from './region-select';

/**
 * "Delivery to [region]: from 27 Nov, 50 000 so'm" for the given lines, quoted by the server; the
 * region is chosen here and remembered for every page.
 */
export function DeliveryEstimate({ items }: { items: QuoteRequest['items'] }) {
  const { t, i18n } = useTranslation('common');
  const [region, setRegion] = useRegion();
  const day = useDeliveryDay();
  const id = useId();
  const {
    data: quote,
    error,
    isFetching,
  } = useGetDeliveryQuoteQuery({ region, items }, { skip: items.length === 0 });
  let outcome = '';
  if (apiErrorCode(error) === 'DELIVERY_REGION_UNAVAILABLE') outcome = t('delivery.unavailable');
  else if (quote) {
    outcome = t('delivery.estimate', {
      date: day(quote.earliestDate),
      fee: quote.delivery === 0 ? t('delivery.free') : formatSom(quote.delivery, i18n.language),
    });
  }
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700"
      data-testid="delivery-estimate"
    >
      <Truck aria-hidden className="h-4 w-4 text-brand-700" />
      <label htmlFor={id}>{t('delivery.to')}</label>
      <RegionSelect
        id={id}
        value={region}
        onChange={setRegion}
        nameOf={(option) => regionAfterTo(option, i18n.language)}
        // As tall as the other fields: a finger's width on a phone.
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-2"
      />
      <span aria-live="polite" className={isFetching ? 'opacity-60' : undefined}>
        {outcome}
      </span>
    </p>
  );
}
