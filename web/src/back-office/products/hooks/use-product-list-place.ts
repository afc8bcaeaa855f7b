import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEBOUNCE_MS } from '@shop/common';
import { readPage } from '../../lib/list-place';
import {
  EMPTY_PRODUCT_FILTERS,
  productListParams,
  readProductFilters,
  type ProductFilters,
} from '../lib/product-filters';

/**
 * The products list's filters and page, kept in the URL so saving a product comes back to the
 * same place. The search box applies after a pause; any filter change goes back to page 1.
 */
export function useProductListPlace() {
  const [params, setParams] = useSearchParams();
  const filters = readProductFilters(params);
  const page = readPage(params);
  const [searchText, setSearchText] = useState(filters.search);
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (seenSearch !== filters.search) {
    // The URL's search changed (a chip, back/forward): the box shows it.
    setSeenSearch(filters.search);
    setSearchText(filters.search);
  }

  const showPlace = useCallback(
    (next: ProductFilters, nextPage = 1, replace = false) =>
      setParams(productListParams(next, nextPage), { replace }),
    [setParams],
  );

  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    const applied = JSON.parse(filtersKey) as ProductFilters;
    if (searchText === applied.search) return;
    const timer = setTimeout(() => showPlace({ ...applied, search: searchText }, 1, true), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filtersKey, showPlace]);

  return {
    filters,
    page,
    searchText,
    setSearchText,
    showPlace,
    changeFilter: (key: keyof ProductFilters, value: string) => {
      if (key === 'search') setSearchText(value);
      showPlace({ ...filters, [key]: value });
    },
    resetFilters: () => {
      setSearchText('');
      showPlace(EMPTY_PRODUCT_FILTERS);
    },
  };
}
