import { useTranslation } from '../../../lib/use-translation';
import { formatSom, type Quote } from '@shop/common';

/**
 * The total the shopper will pay, itemised: goods, the promo code's own line, then each delivery
 * charge the server quoted (a courier delivery only).
 */
export function CheckoutTotals({
  goods,
  quote,
  courier = true,
}: {
  goods: number;
  quote: Quote | undefined;
  courier?: boolean;
}) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const som = (amount: number) => formatSom(amount, i18n.language);
  const rows: [string, string, string?][] = [[t('checkout.delivery.goods'), som(quote?.goods ?? goods)]];
  const promo = quote?.promo;
  const goodsOff = promo && promo.kind !== 'free_delivery' ? promo.discount : 0;
  const free = promo?.kind === 'free_delivery';
  // Free delivery takes off the courier's fee: another method has none to take off.
  if (promo && (courier || !free)) {
    rows.push([
      t(free ? 'common:promo.freeDelivery' : 'common:promo.discount', { code: promo.code }),
      `−${som(promo.discount)}`,
      'promo-line',
    ]);
  }
  if (quote && courier) {
    rows.push([
      t('common:delivery.fee'),
      quote.delivery === 0 ? t('common:delivery.free') : som(quote.delivery),
    ]);
    if (quote.carry > 0) rows.push([t('common:delivery.carry'), som(quote.carry)]);
    if (quote.assembly > 0) rows.push([t('common:delivery.assembly'), som(quote.assembly)]);
  }
  const total = quote && courier ? quote.total : (quote?.goods ?? goods) - goodsOff;
  return (
    <dl className="flex flex-col gap-1 border-t border-stone-200 pt-3 text-sm" data-testid="checkout-totals">
      {rows.map(([term, value, testId]) => (
        <div key={term} className="flex justify-between">
          <dt className="text-stone-600">{term}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between pt-1 text-base font-semibold">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="checkout-total">{som(total)}</dd>
      </div>
    </dl>
  );
}
