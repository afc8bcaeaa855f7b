import { useEffect, useState } from 'react';
import type { QuoteRequest } from '@shop/common';
import { useGetDeliveryQuoteQuery } from '../../../entities/delivery/delivery-api';
import { useRegion } from '../../../entities/delivery/region';
import { emptyDelivery, floorNumber, type DeliveryValues } from '../lib/delivery-form';

/**
 * The delivery part of checkout: its values, and the server's quote for them (courier only). The
 * first open day and slot are chosen for the shopper; a choice the new quote no longer offers is
 * cleared. The region is the one chosen on the product page or in the cart, and stays remembered.
 */
export function useCheckoutDelivery(items: QuoteRequest['items'], promoCode?: string) {
  const [region, chooseRegion] = useRegion();
  const [values, setValues] = useState<DeliveryValues>(() => emptyDelivery(region));
  const floor = floorNumber(values.floor);
  const courier = values.method === 'courier';
  const { data: quote, error } = useGetDeliveryQuoteQuery(
    {
      region: values.region,
      items,
      assembly: values.assembly,
      floor: floor >= 1 && floor <= 50 ? floor : 1,
      lift: values.lift,
      ...(promoCode && { promoCode }),
    },
    // A promo code is priced by the quote whatever the method: its line shows before the order.
    { skip: (!courier && !promoCode) || items.length === 0 },
  );
  const shownQuote = (courier || promoCode) && !error ? quote : undefined;

  useEffect(() => {
    if (!shownQuote) return;
    setValues((previous) => {
      const day = shownQuote.dates.find((date) => date.date === previous.date);
      const open = (date: (typeof shownQuote.dates)[number]) => date.slots.find((slot) => slot.available);
      if (day && day.slots.some((slot) => slot.slot === previous.slot && slot.available)) return previous;
      const chosen = day && open(day) ? day : shownQuote.dates.find(open);
      const date = chosen?.date ?? '';
      const slot = chosen ? open(chosen)!.slot : '';
      return date === previous.date && slot === previous.slot ? previous : { ...previous, date, slot };
    });
  }, [shownQuote]);

  const edit = <K extends keyof DeliveryValues>(field: K, value: DeliveryValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (field === 'region') chooseRegion(value as DeliveryValues['region']);
  };

  return { values, edit, quote: shownQuote, quoteError: courier || promoCode ? error : undefined };
}
