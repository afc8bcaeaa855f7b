import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSom, newId, sku } from '@shop/common';
import { WEB_DIST_DIR } from '../../test/global-setup.js';
import { buildTestShop, createUser, insertProduct, type TestShop } from '../../test/test-app.js';

const page = (body: string) => new JSDOM(body).window.document;
const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
const ofType = (doc: Document, type: string) => jsonLd(doc).find((data) => data['@type'] === type)!;

const HOSTILE_NAME = `Stol </script><script>alert(1)</script><!-- "qo'sh" \u2028\u2029 \u202eRTL`;

describe('server-rendered storefront pages (decision 010)', () => {
  let shop: TestShop;
  let plain: Awaited<ReturnType<typeof insertProduct>>;
  let onSale: Awaited<ReturnType<typeof insertProduct>>;
  let hostile: Awaited<ReturnType<typeof insertProduct>>;
  let paused: Awaited<ReturnType<typeof insertProduct>>;
  let deleted: Awaited<ReturnType<typeof insertProduct>>;
  const saleEnd = new Date(Date.now() + 5 * 24 * 3600_000);

  beforeAll(async () => {
    shop = await buildTestShop({ webDistDir: WEB_DIST_DIR, shopPhone: '+998712000000' });
    plain = await insertProduct(shop, {
      name: 'Ofis stoli',
      description: 'Mustahkam ofis stoli',
      price: 1_250_000,
      productImages: ['/uploads/products/desk.webp', 'chair.webp'],
      stock: 0,
    });
    onSale = await insertProduct(shop, {
      name: 'Maktab partasi',
      category: 'school',
      price: 400_000,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 25,
      discountEnd: saleEnd,
      ratingSum: 9,
      ratingCount: 2,
    });
    hostile = await insertProduct(shop, { name: HOSTILE_NAME, description: `<!-- ${HOSTILE_NAME} -->` });
    paused = await insertProduct(shop, { name: 'Paused chair', status: 'onPaused' });
    deleted = await insertProduct(shop, { name: 'Deleted chair', isDeleted: true });
  });
  afterAll(() => shop.close());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });

  it('renders the product page with its content, price and head', async () => {
    const response = await get(`/product/${plain.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const doc = page(response.body);
    expect(doc.querySelector('h1')?.textContent).toBe('Ofis stoli');
    expect(doc.body.textContent).toContain(formatSom(1_250_000, 'uz'));
    expect(doc.body.textContent).toContain('Mustahkam ofis stoli');
    expect(doc.title).toBe(`Ofis stoli — ${formatSom(1_250_000, 'uz')} | Mebel Shop`);
    expect(meta(doc, 'description')).toBe('Mustahkam ofis stoli');
    const url = `http://shop.test/product/${plain.id}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    const alternates = Object.fromEntries(
      [...doc.querySelectorAll('link[rel="alternate"]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    );
    expect(alternates).toEqual({ uz: url, ru: `${url}?lang=ru`, en: `${url}?lang=en`, 'x-default': url });
    expect(meta(doc, 'og:type')).toBe('product');
    expect(meta(doc, 'og:url')).toBe(url);
    expect(meta(doc, 'og:image')).toBe('http://shop.test/uploads/products/desk.webp');
    expect(meta(doc, 'og:locale')).toBe('uz_UZ');
    expect(meta(doc, 'product:price:amount')).toBe('1250000');
    expect(meta(doc, 'product:price:currency')).toBe('UZS');
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(doc.documentElement.lang).toBe('uz');
  });

  it('describes the product in JSON-LD with the price paid now, stock and breadcrumbs', async () => {
    const doc = page((await get(`/product/${plain.id}`)).body);
    const product = ofType(doc, 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Ofis stoli',
      description: 'Mustahkam ofis stoli',
      image: ['http://shop.test/uploads/products/desk.webp', 'http://shop.test/uploads/products/chair.webp'],
      sku: sku(plain.id),
      category: 'Ofis',
      offers: {
        '@type': 'Offer',
        price: 1_250_000,
        priceCurrency: 'UZS',
        availability: 'https://schema.org/OutOfStock',
        url: `http://shop.test/product/${plain.id}`,
      },
    });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product.offers).not.toHaveProperty('priceValidUntil');
    const crumbs = ofType(doc, 'BreadcrumbList').itemListElement as { position: number; item: string }[];
    expect(crumbs.map((crumb) => crumb.position)).toEqual([1, 2, 3]);
    expect(crumbs[1]!.item).toBe('http://shop.test/products?category=office');
  });

  it('gives a running discount as the price, valid until its end, and real ratings only', async () => {
    const doc = page((await get(`/product/${onSale.id}?lang=ru`)).body);
    expect(doc.title).toBe(`Maktab partasi — ${formatSom(300_000, 'ru')} | Mebel Shop`);
    const product = ofType(doc, 'Product');
    expect(product.offers).toMatchObject({
      price: 300_000,
      availability: 'https://schema.org/InStock',
      priceValidUntil: saleEnd.toISOString().slice(0, 10),
      url: `http://shop.test/product/${onSale.id}?lang=ru`,
    });
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(meta(doc, 'product:price:amount')).toBe('300000');
    expect(meta(doc, 'og:locale')).toBe('ru_RU');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `http://shop.test/product/${onSale.id}?lang=ru`,
    );
  });

  it('hands the browser the product in the page state, so it does not fetch it again', async () => {
    const doc = page((await get(`/product/${plain.id}`)).body);
    const state = JSON.parse(doc.getElementById('page-state')!.textContent!) as {
      cache: { api: { queries: Record<string, { status: string; data: { _id: string } }> } };
    };
    const queries = Object.values(state.cache.api.queries);
    expect(queries).toContainEqual(
      expect.objectContaining({ status: 'fulfilled', data: expect.objectContaining({ _id: plain.id }) }),
    );
  });

  it('answers 404 with noindex for a missing, paused, deleted or malformed product and unknown paths', async () => {
    for (const url of [
      `/product/${newId()}`,
      `/product/${paused.id}`,
      `/product/${deleted.id}`,
      '/product/not-an-id',
      '/no/such/page',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      const doc = page(response.body);
      expect(meta(doc, 'robots'), url).toBe('noindex');
      expect(doc.querySelector('link[rel="canonical"]'), url).toBeNull();
      expect(response.body, url).not.toContain('Paused chair');
    }
  });

  it('says a missing product is not found, with the way to the catalogue, not a spinner', async () => {
    for (const url of [`/product/${newId()}`, '/product/not-an-id']) {
      const doc = page((await get(url)).body);
      const notice = doc.querySelector('main [role="alert"]');
      expect(notice?.textContent, url).toContain('Mahsulot topilmadi.');
      expect(notice?.querySelector('a[href="/products"]')?.textContent, url).toBe('Mahsulotlar');
    }
  });

  it('escapes hostile product text in HTML, attributes and JSON-LD', async () => {
    const response = await get(`/product/${hostile.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    const doc = page(response.body);
    for (const script of doc.querySelectorAll('script')) {
      expect(script.textContent).not.toMatch(/<\/script|<!--|\u2028|\u2029/);
    }
    // The app's module and the tap guard (a file in <head>), nothing the product's text added.
    expect(
      [...doc.querySelectorAll('script:not([type]), script[type="module"]')].map((script) =>
        script.getAttribute('src')?.replace(/-[\w-]{8}\.js$/, '.js'),
      ),
    ).toEqual(['/assets/tap-guard.js', '/assets/entry-client.js']);
    // The guard asks for the page's modules at the first paint: the same list as the page state's.
    const state = JSON.parse(doc.getElementById('page-state')?.textContent ?? '{}');
    expect(state.assets.modules).toContainEqual(expect.stringMatching(/^\/assets\/app-[\w-]+\.js$/));
    expect(doc.querySelector('script[data-modules]')?.getAttribute('data-modules')?.split(' ')).toEqual(
      state.assets.modules,
    );
    // It asks for the app's own modules at once: the head of that list, without the product page's
    // own module (asked for at the paint).
    const app = doc.querySelector('script[data-app]')?.getAttribute('data-app')?.split(' ') ?? [];
    expect(app).toContainEqual(expect.stringMatching(/^\/assets\/app-[\w-]+\.js$/));
    expect(state.assets.modules.slice(0, app.length)).toEqual(app);
    expect(app).not.toContainEqual(expect.stringMatching(/product-detail-page/));
    expect(state.assets.modules).toContainEqual(expect.stringMatching(/product-detail-page/));
    expect(doc.querySelector('h1')?.textContent).toBe(HOSTILE_NAME);
    expect(meta(doc, 'og:title')).toBe(`${HOSTILE_NAME} — ${formatSom(100_000, 'uz')} | Mebel Shop`);
    expect(ofType(doc, 'Product').name).toBe(HOSTILE_NAME);
    expect(ofType(doc, 'Product').description).toBe(`<!-- ${HOSTILE_NAME} -->`);
  });

  it('renders the listing with its product cards, honouring the query', async () => {
    const all = page((await get('/products')).body);
    expect(all.body.textContent).toContain('Ofis stoli');
    expect(all.body.textContent).not.toContain('Paused chair');
    const school = await get('/products?category=school');
    const doc = page(school.body);
    expect(doc.body.textContent).toContain('Maktab partasi');
    expect(doc.body.textContent).not.toContain('Ofis stoli');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://shop.test/products?category=school',
    );
    expect(meta(doc, 'og:type')).toBe('website');
  });

  it('shows the first page for a huge page or search, never a 500', async () => {
    for (const url of [
      '/products?page=99999999999999999999',
      '/products?page=-5&sort=nonsense',
      `/products?search=${'x'.repeat(5000)}`,
      `/products?search=${encodeURIComponent('%_\\\'"<>')}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
    }
    const huge = page((await get('/products?page=99999999999')).body);
    expect(huge.body.textContent).toContain('Ofis stoli');
  });

  it('renders home with its carousels, WebSite search and FurnitureStore data', async () => {
    const doc = page((await get('/')).body);
    expect(doc.body.textContent).toContain('Maktab partasi');
    expect(ofType(doc, 'WebSite')).toMatchObject({
      url: 'http://shop.test/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'http://shop.test/products?search={search_term_string}' },
      },
    });
    expect(ofType(doc, 'FurnitureStore')).toMatchObject({
      name: 'Mebel Shop',
      url: 'http://shop.test/',
      telephone: '+998712000000',
    });
  });

  it('chooses the language: ?lang=, then the cookie, then Accept-Language, then uz', async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) =>
      page((await get(url, headers)).body).documentElement.lang;
    expect(await lang('/?lang=ru', { cookie: 'language=en', 'accept-language': 'uz' })).toBe('ru');
    expect(await lang('/', { cookie: 'other=1; language=en', 'accept-language': 'ru' })).toBe('en');
    expect(await lang('/', { 'accept-language': 'de-DE, ru-RU;q=0.8, en;q=0.5' })).toBe('ru');
    expect(await lang('/?lang=xx', { cookie: 'language=zz', 'accept-language': 'fr' })).toBe('uz');
    expect(await lang('/')).toBe('uz');
  });

  it("names a search's words in the listing's title, escaped, with the canonical address of the listing", async () => {
    const russian = page((await get(`/products?lang=ru&search=${encodeURIComponent(' стол ')}`)).body);
    expect(russian.title).toBe('Поиск: «стол» — Все товары | Mebel Shop');
    const hostile = '</title><script>alert(1)</script>';
    const doc = page((await get(`/products?category=office&search=${encodeURIComponent(hostile)}`)).body);
    expect(doc.title).toBe(`Qidiruv: “${hostile}” — Ofis | Mebel Shop`);
    expect(
      [...doc.querySelectorAll('script:not([type])')].map((script) => script.getAttribute('src')),
    ).toEqual([expect.stringMatching(/^\/assets\/tap-guard-[\w-]+\.js$/)]);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://shop.test/products?category=office',
    );
    expect(page((await get('/products?search=%20%20')).body).title).toBe('Barcha mahsulotlar | Mebel Shop');
  });

  it('renders every storefront route, and redirects /category/{id}', async () => {
    for (const url of ['/cart', '/portfolio', '/login', '/signup', '/order-confirmation', '/admin/orders']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(page(response.body).title, url).toMatch(/Mebel Shop/);
    }
    const redirect = await get('/category/office');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/products?category=office');
  });

  it("writes the order lookup's phone form into /portfolio, so a slow phone can use it before the app", async () => {
    const doc = page((await get('/portfolio')).body);
    const form = doc.querySelector('main form');
    expect(form?.querySelector('input[type="tel"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Buyurtmalarni topish');
    expect(doc.querySelector('main [role="status"]')).toBeNull();
  });

  it('runs no inline script on any page, so the policy allows scripts from the shop only', async () => {
    for (const url of [
      '/',
      '/products',
      `/product/${plain.id}`,
      `/product/${hostile.id}`,
      '/cart',
      '/nope',
    ]) {
      const response = await get(url);
      expect(String(response.headers['content-security-policy']), url).toContain("script-src 'self';");
      const scripts = [...page(response.body).querySelectorAll('script')];
      const runnable = scripts.filter(
        (script) => !['application/json', 'application/ld+json'].includes(script.type) && !script.src,
      );
      expect(
        runnable.map((script) => script.outerHTML.slice(0, 80)),
        url,
      ).toEqual([]);
      expect(
        scripts.filter((script) => script.type === 'module').map((script) => script.getAttribute('src')),
        url,
      ).toEqual([expect.stringMatching(/^\/assets\/entry-client-[\w-]+\.js$/)]);
    }
  });

  it("carries the page language's texts in its page state, and no text module in its first load", async () => {
    const manifest = JSON.parse(
      readFileSync(path.join(WEB_DIST_DIR, 'client', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const textModules = ['uz', 'ru', 'en'].flatMap((language) =>
      ['common', 'storefront'].map(
        (namespace) => `/${manifest[`src/locales/${language}/${namespace}.json`]!.file}`,
      ),
    );
    type Texts = { language: string; bundles: { common: { nav: { products: string } }; storefront: object } };
    const stateOf = async (url: string) =>
      JSON.parse(page((await get(url)).body).getElementById('page-state')!.textContent!) as {
        assets: { modules: string[] };
        texts: Texts;
      };
    const russian = await stateOf('/products?lang=ru');
    expect(russian.texts.language).toBe('ru');
    expect(Object.keys(russian.texts.bundles).sort()).toEqual(['common', 'storefront']);
    expect(russian.texts.bundles.common.nav.products).toBe('Товары');
    const english = await stateOf(`/product/${plain.id}?lang=en`);
    expect(english.texts.bundles.common.nav.products).toBe('Products');
    const uzbek = await stateOf('/products?lang=uz');
    expect(uzbek.texts.language).toBe('uz');
    for (const state of [russian, english, uzbek]) {
      for (const file of textModules) expect(state.assets.modules).not.toContain(file);
    }
  });

  it('lists every active product once in the sitemap, with alternates and images', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = new JSDOM(response.body, { contentType: 'application/xml' }).window.document;
    const locs = [...xml.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locs.slice(0, 7)).toEqual([
      'http://shop.test/',
      'http://shop.test/products',
      'http://shop.test/products?category=school',
      'http://shop.test/products?category=kinder',
      'http://shop.test/products?category=office',
      'http://shop.test/products?category=loft',
      'http://shop.test/privacy',
    ]);
    for (const product of [plain, onSale, hostile]) {
      expect(locs.filter((loc) => loc === `http://shop.test/product/${product.id}`)).toHaveLength(1);
    }
    expect(locs.some((loc) => loc?.includes(paused.id) || loc?.includes(deleted.id))).toBe(false);
    const entry = [...xml.getElementsByTagName('url')].find((url) => url.textContent?.includes(plain.id))!;
    expect(entry.getElementsByTagName('lastmod')[0]?.textContent).toBe(plain.updatedAt.toISOString());
    expect([...entry.getElementsByTagName('image:loc')].map((image) => image.textContent)).toEqual([
      'http://shop.test/uploads/products/desk.webp',
      'http://shop.test/uploads/products/chair.webp',
    ]);
    const alternates = [...entry.getElementsByTagName('xhtml:link')].map((link) => link.getAttribute('href'));
    expect(alternates).toContain(`http://shop.test/product/${plain.id}?lang=ru`);
    expect(alternates).toContain(`http://shop.test/product/${plain.id}?lang=en`);
  });

  it('keeps crawlers out of private pages and names the sitemap in robots.txt', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\n');
    for (const path of [
      '/admin',
      '/api',
      '/cart',
      '/portfolio',
      '/login',
      '/signup',
      '/order-confirmation',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('serves a rendered page again from the cache, with its ETag, until a product write', async () => {
    const admin = await createUser(shop, 'admin');
    const product = await insertProduct(shop, { name: 'Kesh stoli', price: 300_000 });
    const url = `/product/${product.id}`;

    const first = await get(url);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // A browser that has the page is told so.
    const again = await shop.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Compressed as the browser accepts, the same page.
    const brotli = await shop.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    // Each language is its own page.
    expect((await get(`${url}?lang=ru`)).headers['x-page-cache']).toBe('miss');

    const edit = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { price: 350_000 },
      headers: admin.headers,
    });
    expect(edit.statusCode).toBe(200);
    const afterWrite = await get(url);
    expect(afterWrite.headers['x-page-cache']).toBe('miss');
    expect(afterWrite.headers.etag).not.toBe(first.headers.etag);
    const text = page(afterWrite.body).body.textContent;
    expect(text).toContain(formatSom(350_000, 'uz'));
    expect(text).not.toContain(formatSom(300_000, 'uz'));
    expect((await get(url)).headers['x-page-cache']).toBe('hit');
  });

  it('keys a kept page on its own query parameters only: an unknown one is a cache hit, a known one a page of its own', async () => {
    await insertProduct(shop, { name: 'Kesh kalit stoli', category: 'office' });
    const first = await get('/products?category=office');
    expect(first.headers['x-page-cache']).toBe('miss');
    for (const url of [
      '/products?category=office&utm_source=probe',
      '/products?utm_source=probe&category=office&nocache=123',
      '/products?category=office&_=1',
    ]) {
      const again = await get(url);
      expect(again.headers['x-page-cache'], url).toBe('hit');
      expect(again.body).toBe(first.body);
    }
    expect((await get('/products?category=office&sort=price_asc')).headers['x-page-cache']).toBe('miss');
    const product = await insertProduct(shop, { name: 'Kesh kalit kursisi' });
    expect((await get(`/product/${product.id}`)).headers['x-page-cache']).toBe('miss');
    expect((await get(`/product/${product.id}?fbclid=abc`)).headers['x-page-cache']).toBe('hit');
  });

  it('answers a missing product 404 every time, never from the cache and without an ETag', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await get('/product/ffffffffffffffffffffffff');
      expect(response.statusCode).toBe(404);
      expect(response.headers['x-page-cache']).toBe('miss');
      expect(response.headers.etag).toBeUndefined();
    }
  });
});
