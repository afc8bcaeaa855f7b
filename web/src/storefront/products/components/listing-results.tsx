import { useTranslation } from '../../../lib/use-translation';
import type { Product } from '@shop/common';
import { ProductCard } from '../../../entities/product/product-card';
import { ProductCardSkeleton } from '../../../entities/product/product-card-skeleton';

interface Props {
  /** The loaded page's products; undefined until the first answer. */
  loaded: Product[] | undefined;
  /** The loaded products inside the chosen price range. */
  shown: Product[];
  isFetching: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** The product grid, or what stands in for it: the error with a retry, three skeletons, "nothing found". */
export function ListingResults({ loaded, shown, isFetching, isError, onRetry }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  if (isError) {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
        <p className="font-medium text-red-800">{t('listing.error')}</p>
        <button type="button" onClick={onRetry} className="mt-4 rounded-lg bg-brand-700 px-4 py-2 text-white">
          {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  if (!loaded) {
    return (
      <div role="status">
        <span className="sr-only">{t('common:states.loading')}</span>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (shown.length === 0) {
    return (
      <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-700">
        {t('listing.empty')}
      </p>
    );
  }
  return (
    <ul className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${isFetching ? 'opacity-60' : ''}`}>
      {shown.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < 3} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
