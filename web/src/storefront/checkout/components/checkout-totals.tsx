import { useTranslation } from '../../../lib/use-translation';
import { formatSom, type Quote } from '@shop/common';

/** The total the shopper will pay, itemised: goods, then each delivery charge the server quoted. */
export function CheckoutTotals({ goods, quote }: { goods: number; quote: Quote | undefined }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const rows: [string, string][] = [
    [t('checkout.delivery.goods'), formatSom(quote?.goods ?? goods, i18n.language)],
  ];
  if (quote) {
    rows.push([
      t('common:delivery.fee'),
      quote.delivery === 0 ? t('common:delivery.free') : formatSom(quote.delivery, i18n.language),
    ]);
    if (quote.carry > 0) rows.push([t('common:delivery.carry'), formatSom(quote.carry, i18n.language)]);
    if (quote.assembly > 0)
      rows.push([t('common:delivery.assembly'), formatSom(quote.assembly, i18n.language)]);
  }
  return (
    <dl className="flex flex-col gap-1 border-t border-stone-200 pt-3 text-sm" data-testid="checkout-totals">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between">
          <dt className="text-stone-600">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between pt-1 text-base font-semibold">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="checkout-total">{formatSom(quote?.total ?? goods, i18n.language)}</dd>
      </div>
    </dl>
  );
}
