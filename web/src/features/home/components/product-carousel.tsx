import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Navigation } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import { CAROUSEL_AUTOPLAY_MS } from '@shop/common';
import { carouselQuery, useGetProductsQuery } from '../../../lib/products-api';
import { ProductCard } from '../../../components/product-card';
import { ProductCardSkeleton } from '../../../components/product-card-skeleton';

/** 1 slide, then 2, 3 and 4 at 640, 768 and 1024 px. */
export const CAROUSEL_BREAKPOINTS = {
  640: { slidesPerView: 2 },
  768: { slidesPerView: 3 },
  1024: { slidesPerView: 4 },
} as const;

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
        <Swiper
          modules={[Navigation, Autoplay, A11y]}
          spaceBetween={20}
          slidesPerView={1}
          breakpoints={CAROUSEL_BREAKPOINTS}
          autoplay={{ delay: CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
          navigation
          speed={300}
          threshold={5}
          a11y={{
            prevSlideMessage: t('home.previousSlide'),
            nextSlideMessage: t('home.nextSlide'),
          }}
          className="product-carousel !pb-2"
        >
          {shown.docs.map((product, index) => (
            <SwiperSlide key={product._id} className="!h-auto">
              <ProductCard product={product} eager={index < 4} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </section>
  );
}
