import { data, redirect, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import type { StorefrontReader } from '@shop/common';
import { carouselQuery, catalogueApi } from '../entities/product/catalogue-api';
import { instalmentTermsApi } from '../entities/product/instalment-terms-api';
import { privacyApi } from '../entities/privacy/privacy-api';
import { parseListingParams, toApiQuery } from '../storefront/products/lib/listing-params';
import type { AppStore } from './store';

/** The loaders of the storefront's routes: the server's fill the page's cache, the browser's prefetch. */
export interface PageLoaders {
  home: LoaderFunction;
  products: LoaderFunction;
  product: LoaderFunction;
  /** The privacy text: its page, and the forms that show it by their button. */
  privacy: LoaderFunction;
  notFound: LoaderFunction;
}

/** What a loader answers for a page that does not exist; the route renders `noindex`. */
export interface MissingPage {
  missing: true;
}

const missing = () => data<MissingPage>({ missing: true }, { status: 404 });

const CAROUSELS = ['discount', 'new'] as const;
const listingQuery = ({ request }: LoaderFunctionArgs) =>
  toApiQuery(parseListingParams(new URL(request.url).searchParams));

/** /category/{id} → /products?category={id} (docs/decisions/006), on the server as a real redirect. */
export const categoryRedirect: LoaderFunction = ({ params }) =>
  redirect(`/products?category=${encodeURIComponent(params.id ?? 'all')}`);

/**
 * On the server: read what the page shows through the server's own services and put it into this
 * request's RTK Query cache, with the very arguments the components ask for, so the HTML has the
 * content and the browser, handed the cache, does not fetch it again.
 */
export function serverLoaders(store: AppStore, reader: StorefrontReader): PageLoaders {
  const putList = async (query: Record<string, string | number>) => {
    const page = await reader.listProducts(query);
    await store.dispatch(catalogueApi.util.upsertQueryData('getProducts', query, page));
  };
  // Every price on these pages shows its "from … so'm/month" in the HTML, not after hydration and
  // one more request (a line appearing under each price would push the page down on a slow phone).
  const putInstalmentTerms = () =>
    store.dispatch(
      instalmentTermsApi.util.upsertQueryData('getInstalmentTerms', undefined, reader.instalmentTerms()),
    );
  return {
    home: async () => {
      // A carousel that cannot be read now is left to the browser, which shows its retry.
      await Promise.all([
        ...CAROUSELS.map((filter) => putList(carouselQuery(filter)).catch(() => undefined)),
        putInstalmentTerms(),
      ]);
      return null;
    },
    products: async (args) => {
      await Promise.all([putList(listingQuery(args)), putInstalmentTerms()]);
      return null;
    },
    product: async ({ params }) => {
      const id = params.id ?? '';
      const product = await reader.product(id);
      if (!product) return missing();
      const [facts] = await Promise.all([
        reader.productFacts(product),
        store.dispatch(catalogueApi.util.upsertQueryData('getProduct', id, product)),
        putInstalmentTerms(),
      ]);
      // Only the structured data reads them: they go with the page, not into the app's cache.
      return { facts };
    },
    privacy: async () => {
      await store.dispatch(privacyApi.util.upsertQueryData('getPrivacy', undefined, reader.privacy()));
      return null;
    },
    notFound: () => missing(),
  };
}

/** In the browser: start the page's requests with the navigation; the page shows its own loading. */
export function browserLoaders(store: AppStore): PageLoaders {
  const prefetch = {
    list: catalogueApi.util.prefetch.bind(null, 'getProducts'),
    one: catalogueApi.util.prefetch.bind(null, 'getProduct'),
  };
  return {
    home: () => {
      for (const filter of CAROUSELS) store.dispatch(prefetch.list(carouselQuery(filter), {}));
      return null;
    },
    products: (args) => {
      store.dispatch(prefetch.list(listingQuery(args), {}));
      return null;
    },
    product: ({ params }) => {
      if (params.id) store.dispatch(prefetch.one(params.id, {}));
      return null;
    },
    privacy: () => {
      store.dispatch(privacyApi.util.prefetch('getPrivacy', undefined, {}));
      return null;
    },
    notFound: () => null,
  };
}
