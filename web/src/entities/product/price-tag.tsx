import { useTranslation } from '../../lib/use-translation';
import { formatSom } from '@shop/common';
import type { PriceView } from './price-view';

/** `from`: the lowest of several prices (a product with variants on a card). */
export function PriceTag({
  view,
  large = false,
  from = false,
}: {
  view: PriceView;
  large?: boolean;
  from?: boolean;
}) {
  const { t, i18n } = useTranslation('storefront');
  const main = large ? 'text-3xl' : 'text-lg';
  const amount = (price: number) =>
    from ? t('variant.from', { price: formatSom(price, i18n.language) }) : formatSom(price, i18n.language);
  if (view.discountedPrice === null) {
    return <p className={`${main} font-bold text-stone-900`}>{amount(view.price)}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`${main} font-bold text-red-700`}>{amount(view.discountedPrice)}</span>
      <del className={`${large ? 'text-lg' : 'text-sm'} text-stone-500`}>
        {formatSom(view.price, i18n.language)}
      </del>
    </p>
  );
}
