import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEBOUNCE_MS, PRODUCT_SORTS, type ProductSort } from '@shop/common';
import { useGetProductsQuery } from '../../entities/product/catalogue-api';
import { useListingFilters } from './hooks/use-listing-filters';
import { sortChoice, toApiQuery } from './lib/listing-params';
import { filterByPrice, priceBounds, type PriceRange } from './lib/price-bounds';
import { FilterSidebar } from './components/filter-sidebar';
import { ProductCard } from '../../entities/product/product-card';
import { ProductCardSkeleton } from '../../entities/product/product-card-skeleton';
import { ListingHead } from './components/listing-head';
import { Pager } from '../../components/ui/pager/pager';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export default function ProductsPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const { applied, draft, update, setPage, reset } = useListingFilters();
  const query = toApiQuery(applied);
  const { data, isFetching, isError, refetch } = useGetProductsQuery(query);
  const [showFilters, setShowFilters] = useState(false);
  const sortId = useId();
  const filtersId = useId();
  const resultsId = useId();

  const docs = useMemo(() => data?.docs ?? [], [data]);
  const bounds = useMemo(() => priceBounds(docs), [docs]);
  // The price range is the loaded page's; a new page of results starts at its full range.
  const [chosen, setChosen] = useState<{ for: typeof docs; range: PriceRange } | null>(null);
  const price = chosen && chosen.for === docs ? chosen.range : bounds;
  // The grid follows the sliders after the same 500 ms pause as the other filters.
  const appliedChosen = useDebouncedValue(chosen, DEBOUNCE_MS);
  const shown = useMemo(
    () => (appliedChosen && appliedChosen.for === docs ? filterByPrice(docs, appliedChosen.range) : docs),
    [appliedChosen, docs],
  );

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [applied.page]);

  const title =
    applied.category === 'all' ? t('listing.title') : t(`common:categories.${applied.category}.name`);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ListingHead applied={applied} title={title} />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          {/* Always there (one line tall), so the grid does not move down when the count arrives. */}
          <p className="mt-1 min-h-5 text-sm text-stone-600" aria-live="polite">
            {data ? t('listing.showing', { shown: shown.length, total: data.totalDocs }) : null}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
          <button
            type="button"
            className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium lg:hidden"
            aria-expanded={showFilters}
            aria-controls={filtersId}
            onClick={() => setShowFilters((open) => !open)}
          >
            {showFilters ? t('listing.hideFilters') : t('listing.showFilters')}
          </button>
          <div className="ml-auto flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm whitespace-nowrap text-stone-700">
              {t('listing.sortBy')}
            </label>
            <select
              id={sortId}
              value={draft.sort}
              onChange={(event) => update({ sort: event.target.value as ProductSort })}
              className="rounded-lg border border-stone-300 bg-white px-3 py-2"
            >
              {PRODUCT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`listing.sort.${sortChoice(sort, draft.search)}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[280px_1fr]">
        <aside id={filtersId} className={`${showFilters ? 'block' : 'hidden'} lg:block`}>
          <FilterSidebar
            draft={draft}
            onChange={update}
            bounds={bounds}
            price={price}
            onPriceChange={(range) => setChosen({ for: docs, range })}
            onReset={() => {
              setChosen(null);
              reset();
            }}
          />
        </aside>

        <section aria-labelledby={resultsId} aria-busy={isFetching}>
          {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3 (Lighthouse heading-order). */}
          <h2 id={resultsId} className="sr-only">
            {t('listing.results')}
          </h2>
          {isError ? (
            <div className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
              <p className="font-medium text-red-800">{t('listing.error')}</p>
              <button
                type="button"
                onClick={() => void refetch()}
                className="mt-4 rounded-lg bg-brand-700 px-4 py-2 text-white"
              >
                {t('common:actions.retry')}
              </button>
            </div>
          ) : !data ? (
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
          ) : shown.length === 0 ? (
            <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-700">
              {t('listing.empty')}
            </p>
          ) : (
            <ul
              className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${isFetching ? 'opacity-60' : ''}`}
            >
              {shown.map((product, index) => (
                <li key={product._id}>
                  <ProductCard product={product} eager={index < 3} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
          {data && (
            <Pager className="mt-8" page={applied.page} totalPages={data.totalPages} onChange={setPage} />
          )}
        </section>
      </div>
    </div>
  );
}
