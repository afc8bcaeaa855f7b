import {
  CATEGORIES,
  OPTION_FILTER_PREFIX,
  PAGE_SIZE,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type Category,
  type ProductSort,
} from '@shop/common';

export type ListingFilter = '' | 'new' | 'discount';
export type ListingStatus = (typeof PRODUCT_STATUSES)[number] | 'all';

/** Everything the listing shows, as read from and written to its URL. */
export interface ListingParams {
  category: Category | 'all';
  /** The status radio: all, new arrivals, on sale (the server's `filter`). */
  filter: ListingFilter;
  search: string;
  page: number;
  status: ListingStatus;
  sort: ProductSort;
  /** Option values products must have a variant with (`opt.size=120x60`), by option code. */
  options: Record<string, string>;
}

export const DEFAULT_LISTING: ListingParams = {
  category: 'all',
  filter: '',
  search: '',
  page: 1,
  status: 'active',
  sort: 'newest',
  options: {},
};

/** At most three option filters, each a plain code as the catalogue writes them. */
const MAX_OPTION_FILTERS = 3;
const OPTION_CODE = /^[a-z0-9][a-z0-9_-]{0,29}$/;

function optionFilters(params: URLSearchParams): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [key, value] of params) {
    const code = key.slice(OPTION_FILTER_PREFIX.length);
    if (!key.startsWith(OPTION_FILTER_PREFIX) || !OPTION_CODE.test(code) || !OPTION_CODE.test(value))
      continue;
    if (Object.keys(options).length < MAX_OPTION_FILTERS) options[code] = value;
  }
  return options;
}

/** GET /api/products refuses pages past this; a link beyond it shows the first page instead. */
const MAX_PAGE = 100_000;

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** Unknown values fall back to the defaults; an unknown category means all (docs/decisions/006). */
export function parseListingParams(params: URLSearchParams): ListingParams {
  const category = params.get('category');
  const filter = params.get('filter');
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    category: oneOf(CATEGORIES, category) ? category : 'all',
    filter: filter === 'new' || filter === 'discount' ? filter : '',
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isFinite(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    status: oneOf([...PRODUCT_STATUSES, 'all'] as const, status) ? status : 'active',
    sort: oneOf(PRODUCT_SORTS, sort) ? sort : 'newest',
    options: optionFilters(params),
  };
}

/** The URL keeps only what differs from the defaults, so links stay short and stable. */
export function toSearchParams(listing: ListingParams): URLSearchParams {
  const params = new URLSearchParams();
  if (listing.category !== 'all') params.set('category', listing.category);
  if (listing.filter) params.set('filter', listing.filter);
  const search = listing.search.trim();
  if (search) params.set('search', search);
  if (listing.status !== 'active') params.set('status', listing.status);
  if (listing.sort !== 'newest') params.set('sort', listing.sort);
  for (const [code, value] of Object.entries(listing.options))
    params.set(`${OPTION_FILTER_PREFIX}${code}`, value);
  if (listing.page > 1) params.set('page', String(listing.page));
  return params;
}

/** The query sent to GET /api/products. */
export function toApiQuery(listing: ListingParams): Record<string, string | number> {
  const query: Record<string, string | number> = {
    page: listing.page,
    limit: PAGE_SIZE.listing,
    status: listing.status,
    category: listing.category,
  };
  if (listing.filter) query.filter = listing.filter;
  const search = listing.search.trim();
  if (search) query.search = search;
  // A search left on the default order is ranked by relevance on the server (decision 012).
  if (!search || listing.sort !== DEFAULT_LISTING.sort) query.sort = listing.sort;
  for (const [code, value] of Object.entries(listing.options))
    query[`${OPTION_FILTER_PREFIX}${code}`] = value;
  return query;
}

/**
 * What the sort control offers: while a search is on, the default order is relevance (toApiQuery
 * sends no sort), so that choice reads "Relevance" rather than "Newest" (docs/decisions/012).
 */
export type SortChoice = ProductSort | 'relevance';

export function sortChoice(sort: ProductSort, search: string): SortChoice {
  return search.trim() && sort === DEFAULT_LISTING.sort ? 'relevance' : sort;
}

export function sameFilters(a: ListingParams, b: ListingParams): boolean {
  return (
    a.category === b.category &&
    a.filter === b.filter &&
    a.search.trim() === b.search.trim() &&
    a.status === b.status &&
    a.sort === b.sort &&
    new URLSearchParams(a.options).toString() === new URLSearchParams(b.options).toString()
  );
}
