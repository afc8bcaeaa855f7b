import { asc, count } from 'drizzle-orm';
import { CATEGORIES, imageUrl } from '@shop/common';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { visibleToShoppers } from '../products/shopper-visibility.js';

/** The sitemap protocol's limit per file; past it /sitemap.xml becomes an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

const STATIC_PATHS = [
  '/',
  '/products',
  ...CATEGORIES.map((category) => `/products?category=${category}`),
  '/privacy',
];

/** One <url>: the Uzbek address, with its ru and en alternates (decision 010). */
function urlEntry(base: string, pagePath: string, extra = ''): string {
  const at = (lang: string) => `${base}${pagePath}${pagePath.includes('?') ? '&' : '?'}lang=${lang}`;
  const alternates = [
    ['uz', `${base}${pagePath}`],
    ['ru', at('ru')],
    ['en', at('en')],
  ]
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href!)}"/>`)
    .join('');
  return `<url><loc>${xml(`${base}${pagePath}`)}</loc>${alternates}${extra}</url>`;
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

export class Sitemap {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly maxUrls = SITEMAP_MAX_URLS,
  ) {}

  private async productCount(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(products).where(visibleToShoppers);
    return row?.total ?? 0;
  }

  /** How many sitemap files the shop needs: the fixed pages go first, then products by id. */
  async fileCount(): Promise<number> {
    return Math.max(1, Math.ceil((STATIC_PATHS.length + (await this.productCount())) / this.maxUrls));
  }

  /** The sitemap index (more than one file) listing /sitemap-{n}.xml. */
  index(files: number): string {
    const entries = Array.from(
      { length: files },
      (_, n) => `<sitemap><loc>${xml(`${this.publicUrl}/sitemap-${n + 1}.xml`)}</loc></sitemap>`,
    ).join('');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
  }

  /** File `n` (1-based) of the URL set: every active, not deleted product exactly once. */
  async file(n: number): Promise<string> {
    const first = (n - 1) * this.maxUrls;
    const fixed = STATIC_PATHS.slice(first, first + this.maxUrls);
    const productOffset = Math.max(0, first - STATIC_PATHS.length);
    const rows = await this.db
      .select({ id: products.id, updatedAt: products.updatedAt, images: products.productImages })
      .from(products)
      .where(visibleToShoppers)
      .orderBy(asc(products.id))
      .limit(this.maxUrls - fixed.length)
      .offset(productOffset);
    const entries = [
      ...fixed.map((pagePath) => urlEntry(this.publicUrl, pagePath)),
      ...rows.map((row) => {
        const images = row.images
          .map((image) => imageUrl(image))
          .filter((url): url is string => url !== null)
          .map(
            (url) =>
              `<image:image><image:loc>${xml(/^https?:/.test(url) ? url : `${this.publicUrl}${url}`)}</image:loc></image:image>`,
          )
          .join('');
        return urlEntry(
          this.publicUrl,
          `/product/${row.id}`,
          `<lastmod>${row.updatedAt.toISOString()}</lastmod>${images}`,
        );
      }),
    ];
    return `${URLSET_OPEN}${entries.join('')}</urlset>`;
  }
}

/** decision 010: crawlers stay out of the back office, the API and the shopper's own pages. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = [
    '/admin',
    '/api',
    '/cart',
    '/saved',
    '/portfolio',
    '/login',
    '/signup',
    '/reset-password',
    '/order-confirmation',
    '/quote',
  ];
  return `User-agent: *\n${disallowed.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
