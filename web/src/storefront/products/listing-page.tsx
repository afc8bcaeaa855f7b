import { useId, useMemo, useState } from 'react';
import { useScrollToTopOn } from '../../lib/use-scroll-to-top';
import { useTranslation } from '../../lib/use-translation';
import { Pager } from '../../components/ui/pager/pager';
import { useGetProductsQuery } from '../../entities/product/catalogue-api';
import { FilterSidebar } from './components/filter-sidebar';
import { ListingHead } from './components/listing-head';
import { ListingResults } from './components/listing-results';
import { OptionChips } from './components/option-chips';
import { SortSelect } from './components/sort-select';
import { useListingFilters } from './hooks/use-listing-filters';
import { usePriceRange } from './hooks/use-price-range';
import { toApiQuery } from './lib/listing-params';

/** /products: the catalogue, filtered, sorted and paged by the URL. */
export default function ListingPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const { applied, draft, update, setPage, reset } = useListingFilters();
  const { data, isFetching, isError, refetch } = useGetProductsQuery(toApiQuery(applied));
  const [showFilters, setShowFilters] = useState(false);
  const filtersId = useId();
  const resultsId = useId();
  const docs = useMemo(() => data?.docs ?? [], [data]);
  const price = usePriceRange(docs);

  // Another page of results is a new page: it starts at the top at once, like a new address.
  useScrollToTopOn(applied.page);

  const title =
    applied.category === 'all' ? t('listing.title') : t(`common:categories.${applied.category}.name`);
  // A search is headed by its words; the tab title already names them (ListingHead).
  const query = applied.search.trim();
  const heading = !query
    ? title
    : applied.category !== 'all'
      ? t('listing.searchHeadingIn', { query, category: title })
      : t('listing.searchHeading', { query });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ListingHead applied={applied} title={title} />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="break-words text-2xl font-bold sm:text-3xl">{heading}</h1>
          {/* Always there (one line tall), so the grid does not move down when the count arrives. */}
          <p className="mt-1 min-h-5 text-sm text-stone-600" aria-live="polite">
            {data ? t('listing.showing', { shown: price.shown.length, total: data.totalDocs }) : null}
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
          <SortSelect value={draft.sort} search={draft.search} onChange={(sort) => update({ sort })} />
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[280px_1fr]">
        <aside id={filtersId} className={`${showFilters ? 'block' : 'hidden'} lg:block`}>
          <FilterSidebar
            draft={draft}
            onChange={update}
            bounds={price.bounds}
            price={price.price}
            onPriceChange={price.choose}
            onReset={() => {
              price.clear();
              reset();
            }}
          />
        </aside>
        <section aria-labelledby={resultsId} aria-busy={isFetching}>
          {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3 (Lighthouse heading-order). */}
          <h2 id={resultsId} className="sr-only">
            {t('listing.results')}
          </h2>
          <OptionChips docs={docs} selected={draft.options} onChange={(options) => update({ options })} />
          <ListingResults
            loaded={data?.docs}
            shown={price.shown}
            isFetching={isFetching}
            isError={isError}
            onRetry={() => void refetch()}
          />
          {data && (
            <Pager className="mt-8" page={applied.page} totalPages={data.totalPages} onChange={setPage} />
          )}
        </section>
      </div>
    </div>
  );
}
