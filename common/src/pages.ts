/** What the server hands the web app's server renderer, and what it gets back (decision 010). */
import { OPTION_FILTER_PREFIX, type Language } from './constants.js';
import type { Paged } from './schemas/common.js';
import type { InstalmentTermsResponse } from './schemas/instalment.js';
import type { PrivacyDocument } from './schemas/privacy.js';
import type { Product } from './schemas/product.js';
import type { Review } from './schemas/review.js';
import type { Region } from './delivery.js';

/** The shop as pages name it: absolute URLs, titles and structured data. */
export interface SiteInfo {
  /** Without a trailing slash, e.g. `https://mebel.uz`. */
  publicUrl: string;
  shopName: string;
  shopPhone?: string;
  /** The footer's contacts; the shop's configuration, never made up (absent: not shown). */
  contacts?: ShopContacts;
  /** Days a shopper has to return a product (0: no returns), for the pages' return policy. */
  returnDays?: number;
}

/** What a product page's structured data says beyond the product itself, read on the server. */
export interface ProductPageFacts {
  /** Delivery of one unit to each open zone. */
  shipping: {
    region: Region;
    /** ISO 3166-2 code without `UZ-`. */ regionCode: string;
    fee: number;
    leadDays: number;
  }[];
  /** The newest published reviews; only buyers can write one (decision 014). */
  reviews: Pick<Review, 'author' | 'rating' | 'text' | 'createdAt'>[];
}

export const SOCIAL_NETWORKS = ['telegram', 'instagram', 'facebook'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface ShopContacts {
  email?: string;
  address?: string;
  hours?: string;
  /** Full URLs of the shop's pages. */
  social: Partial<Record<SocialNetwork, string>>;
}

/** The catalogue reads a page needs, served by the server's own services (no HTTP hop). */
export interface StorefrontReader {
  /** Takes the query GET /api/products takes; answers as it answers a shopper. */
  listProducts(query: Record<string, string | number>): Promise<Paged<Product>>;
  /** A product a shopper may see, or null (missing, paused, deleted). */
  product(id: string): Promise<Product | null>;
  /** The advertised instalment terms, as GET /api/instalments/terms answers (no plans when off). */
  instalmentTerms(): InstalmentTermsResponse;
  /** Delivery and reviews of a product a shopper may see, for its structured data. */
  productFacts(product: Product): Promise<ProductPageFacts>;
  /** The privacy text, as GET /api/privacy answers: the /privacy page and the forms' consent. */
  privacy(): PrivacyDocument;
}

export interface PageRenderRequest {
  /** Path and query, e.g. `/products?category=office`. */
  url: string;
  language: Language;
  site: SiteInfo;
  reader: StorefrontReader;
}

export type PageRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** The whole document, rendered to the end: no inline script, so the CSP needs no nonce. */
  | { kind: 'page'; status: number; html: string };

export type PageRenderer = (request: PageRenderRequest) => Promise<PageRenderResult>;

const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that is safe inside a `<script>` element: no `</script>`, `<!--` or `]]>` can form, and
 * the line separators that old JavaScript parsers choke on are escaped. Still valid JSON.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_UNSAFE[char]!);
}

/** Vite's client build manifest (`.vite/manifest.json`): source module → built files. */
export type ClientManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/**
 * The query parameters a page's render reads (web: the listing's `listing-params.ts`, the auth
 * pages' `next`, the confirmation's `order`), and `lang` on every page (decision 010). The server
 * keeps a rendered page per path and these only: any other parameter (a tracking tag, a cache
 * buster) is the same page, served from the cache rather than rendered afresh.
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/products': ['category', 'filter', 'search', 'page', 'status', 'sort'],
  '/login': ['next'],
  '/signup': ['next'],
  '/order-confirmation': ['order'],
};
export const EVERY_PAGE_QUERY_PARAMS: readonly string[] = ['lang'];
/** A product page renders the variant its address names (`?variant={sku}`). */
const PRODUCT_PAGE_QUERY_PARAMS: readonly string[] = ['variant'];

function optionFilterNames(search: URLSearchParams): string[] {
  const names: string[] = [];
  search.forEach((_value, name) => {
    if (name.startsWith(OPTION_FILTER_PREFIX) && !names.includes(name) && names.length < 3) names.push(name);
  });
  return names;
}

/** A page's address as its render sees it: the path and its known parameters, in a fixed order. */
export function canonicalPageUrl(path: string, search: URLSearchParams): string {
  const known = [
    ...EVERY_PAGE_QUERY_PARAMS,
    ...(PAGE_QUERY_PARAMS[path] ?? (path.startsWith('/product/') ? PRODUCT_PAGE_QUERY_PARAMS : [])),
    ...(path === '/products' ? optionFilterNames(search) : []),
  ];
  const kept = new URLSearchParams();
  for (const name of [...known].sort()) {
    for (const value of search.getAll(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
