import { useTranslation } from '../../lib/use-translation';
import { formatSom } from '@shop/common';
import type { PriceView } from './price-view';

export function PriceTag({ view, large = false }: { view: PriceView; large?: boolean }) {
  const { i18n } = useTranslation();
  const main = large ? 'text-3xl' : 'text-lg';
  if (view.discountedPrice === null) {
    return <p className={`${main} font-bold text-stone-900`}>{formatSom(view.price, i18n.language)}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`${main} font-bold text-red-700`}>
        {formatSom(view.discountedPrice, i18n.language)}
      </span>
      <del className={`${large ? 'text-lg' : 'text-sm'} text-stone-500`}>
        {formatSom(view.price, i18n.language)}
      </del>
    </p>
  );
}
