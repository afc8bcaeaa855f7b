import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { carouselQuery, useGetProductsQuery } from '../../../entities/product/catalogue-api';
import { ProductCard } from '../../../entities/product/product-card';
import { ProductCardSkeleton } from '../../../entities/product/product-card-skeleton';
import { SnapTrack } from './snap-track';

interface Props {
  filter: 'discount' | 'new';
  title: string;
  emptyText: string;
  seeAllHref: string;
}

export function ProductCarousel({ filter, title, emptyText, seeAllHref }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  const { data, isLoading, isError, refetch } = useGetProductsQuery(carouselQuery(filter));
  // The slides render in a background (time-sliced) pass once the products arrive, instead of
  // one long task that blocks the page while it starts.
  const shown = useDeferredValue(data);
  const pending = isLoading || (data !== undefined && shown === undefined);
  const headingId = `carousel-${filter}`;

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <Link to={seeAllHref} className="shrink-0 font-semibold text-brand-700 hover:underline">
          {t('home.seeAll')} <span aria-hidden="true">→</span>
        </Link>
      </div>
      {pending ? (
        <div role="status">
          <span className="sr-only">{t('common:states.loading')}</span>
          <div className="grid grid-cols-1 gap-5 pb-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            <ProductCardSkeleton />
            <ProductCardSkeleton className="max-sm:hidden" />
            <ProductCardSkeleton className="max-md:hidden" />
            <ProductCardSkeleton className="max-lg:hidden" />
          </div>
        </div>
      ) : isError ? (
        <div className="flex h-48 flex-col items-center justify-center gap-3 rounded-xl border border-red-200 bg-red-50">
          <p className="font-medium text-red-800">{t('home.loadFailed')}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className="rounded-lg bg-brand-700 px-4 py-2 text-white"
          >
            {t('common:actions.retry')}
          </button>
        </div>
      ) : !shown || shown.docs.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-700">
          {emptyText}
        </p>
      ) : (
        <SnapTrack
          label={title}
          previousLabel={t('home.previousSlide')}
          nextLabel={t('home.nextSlide')}
          slides={shown.docs.map((product, index) => ({
            key: product._id,
            content: <ProductCard product={product} eager={index < 4} />,
          }))}
        />
      )}
    </section>
  );
}
