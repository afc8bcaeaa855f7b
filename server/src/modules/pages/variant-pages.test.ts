import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../../test/global-setup.js';
import { buildTestShop, createUser, insertProduct, type TestShop } from '../../test/test-app.js';
import { insertDesk } from '../../test/variants.js';

type Json = Record<string, unknown>;
const page = (body: string) => new JSDOM(body).window.document;
const jsonLd = (body: string) =>
  [...page(body).querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Json,
  );

/** A product page opened at `?variant={sku}` is rendered with that variant chosen. */
describe('server-rendered pages of a product with variants', () => {
  let shop: TestShop;
  let deskId: string;
  let plainId: string;

  beforeAll(async () => {
    shop = await buildTestShop({ webDistDir: WEB_DIST_DIR });
    const admin = await createUser(shop, 'admin');
    const { product } = await insertDesk(shop, admin, 'SSR', {}, { 'SSR-140-WHITE': { stock: 0 } });
    deskId = product.id;
    plainId = (await insertProduct(shop, { name: 'Stol', price: 700_000 })).id;
    await shop.app.publicReads.invalidate();
  });
  afterAll(() => shop.close());

  const body = async (url: string) => (await shop.app.inject({ url })).body;

  it('puts the named variant’s price in the page and its title, and lists every variant in a ProductGroup', async () => {
    const html = await body(`/product/${deskId}?variant=SSR-140-OAK&lang=en&utm_source=x`);
    const document = page(html);
    expect(document.title).toMatch(/^Desk SSR \(140×70 cm · Oak\) — 1 300 000 so'm/);
    expect(document.querySelector('input[value="140x70"]')).toHaveProperty('checked', true);
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toMatch(
      new RegExp(`/product/${deskId}\\?variant=SSR-140-OAK&lang=en$`),
    );
    const group = jsonLd(html).find((data) => data['@type'] === 'ProductGroup')!;
    expect(group.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color']);
    const variants = group.hasVariant as { sku: string; offers: { price: number; availability: string } }[];
    expect(
      variants.map((variant) => [variant.sku, variant.offers.price, variant.offers.availability]),
    ).toEqual([
      ['SSR-120-OAK', 1_000_000, 'https://schema.org/InStock'],
      ['SSR-120-WHITE', 1_000_000, 'https://schema.org/InStock'],
      ['SSR-140-OAK', 1_300_000, 'https://schema.org/InStock'],
      ['SSR-140-WHITE', 1_300_000, 'https://schema.org/OutOfStock'],
    ]);
    expect(jsonLd(html).some((data) => data['@type'] === 'Product')).toBe(false);
  });

  it('without a variant shows the cheapest one, and keeps a plain product’s page a Product', async () => {
    const html = await body(`/product/${deskId}`);
    expect(page(html).title).toMatch(/^Desk SSR — 1 000 000 soʻm/);
    const plain = await body(`/product/${plainId}`);
    const product = jsonLd(plain).find((data) => data['@type'] === 'Product')!;
    expect(product.offers).toMatchObject({ price: 700_000 });
    expect(jsonLd(plain).some((data) => data['@type'] === 'ProductGroup')).toBe(false);
  });
});
