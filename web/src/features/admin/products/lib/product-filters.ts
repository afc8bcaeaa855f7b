/** Staff product filters; '' means "no filter" (spec §2 admin products). */
export interface ProductFilters {
  search: string;
  category: string;
  color: string;
  status: string;
  isDiscounted: string;
  isDeleted: string;
}

export const EMPTY_PRODUCT_FILTERS: ProductFilters = {
  search: '',
  category: '',
  color: '',
  status: '',
  isDiscounted: '',
  isDeleted: '',
};

export const FILTER_KEYS = Object.keys(EMPTY_PRODUCT_FILTERS) as (keyof ProductFilters)[];

export function activeFilterKeys(filters: ProductFilters): (keyof ProductFilters)[] {
  return FILTER_KEYS.filter((key) => filters[key].trim() !== '');
}
