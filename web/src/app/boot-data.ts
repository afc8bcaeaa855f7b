import type { Paged, Product } from '@shop/common';
import { productsApi } from '../features/products/api/products-api';
import { DEFAULT_LISTING, toApiQuery } from '../features/products/lib/listing-params';
import { store } from './store';

declare global {
  interface Window {
    /** The listing's first page, fetched by public/boot.js before the app's JavaScript ran. */
    __bootProducts?: { url: string; data: Promise<Paged<Product>> };
  }
}

/**
 * public/boot.js fetches the default listing (/products, no filters, no session) while the app's
 * JavaScript loads; its answer goes into the RTK Query cache so the page does not ask again.
 */
export function takeBootProducts() {
  const boot = window.__bootProducts;
  delete window.__bootProducts;
  if (!boot) return;
  const query = toApiQuery(DEFAULT_LISTING);
  const url = `/api/products?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  if (boot.url !== url || store.getState().auth.token) return;
  boot.data.then(
    (page) => {
      if (productsApi.endpoints.getProducts.select(query)(store.getState()).data) return;
      void store.dispatch(productsApi.util.upsertQueryData('getProducts', query, page));
    },
    () => undefined,
  );
}
