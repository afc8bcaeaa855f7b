import { CATEGORIES, PRODUCT_STATUSES } from '@shop/common';

/** Staff product filters; '' means "no filter" . */
export interface ProductFilters {
  search: string;
  category: string;
  color: string;
  status: string;
  isDiscounted: string;
  isDeleted: string;
  /** 'true': products a fiscal receipt cannot be printed for yet. */
  missingFiscalData: string;
}

export const EMPTY_PRODUCT_FILTERS: ProductFilters = {
  search: '',
  category: '',
  color: '',
  status: '',
  isDiscounted: '',
  isDeleted: '',
  missingFiscalData: '',
};

export const FILTER_KEYS = Object.keys(EMPTY_PRODUCT_FILTERS) as (keyof ProductFilters)[];

export function activeFilterKeys(filters: ProductFilters): (keyof ProductFilters)[] {
  return FILTER_KEYS.filter((key) => filters[key].trim() !== '');
}

/** The URL keys of the list's place besides the filters; the create/edit form uses `action` and `id`. */
const FORM_KEYS = ['action', 'id'];
const CHOICES: Partial<Record<keyof ProductFilters, readonly string[]>> = {
  category: CATEGORIES,
  status: PRODUCT_STATUSES,
  isDiscounted: ['true', 'false'],
  isDeleted: ['true', 'false'],
  missingFiscalData: ['true', 'false'],
};
const MAX_TEXT: Partial<Record<keyof ProductFilters, number>> = { search: 100, color: 50 };

/**
 * The list's filters and page, read from the URL: they survive an edit, a reload and
 * a dashboard link. A value the list does not offer is dropped rather than sent to the server.
 */
export function readProductFilters(params: URLSearchParams): ProductFilters {
  const filters = { ...EMPTY_PRODUCT_FILTERS };
  for (const key of FILTER_KEYS) {
    const value = (params.get(key) ?? '').slice(0, MAX_TEXT[key] ?? 20);
    const choices = CHOICES[key];
    filters[key] = !choices || choices.includes(value) ? value : '';
  }
  return filters;
}

/** The list's place as URL parameters: only set filters, and the page when past the first. */
export function productListParams(filters: ProductFilters, page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of activeFilterKeys(filters)) params[key] = filters[key].trim();
  if (page > 1) params.page = String(page);
  return params;
}

/** The list's parameters of a URL without the form's own (`action`, `id`). */
export function listPlaceOf(params: URLSearchParams): URLSearchParams {
  const place = new URLSearchParams(params);
  for (const key of FORM_KEYS) place.delete(key);
  return place;
}
