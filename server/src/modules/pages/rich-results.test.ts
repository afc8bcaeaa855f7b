import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@shop/common';
import { deliveryZones, reviews } from '../../db/schema.js';
import { WEB_DIST_DIR } from '../../test/global-setup.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';

type Json = Record<string, unknown>;
const jsonLd = (body: string) =>
  [...new JSDOM(body).window.document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Json,
  );
const ofType = (body: string, type: string) => jsonLd(body).find((data) => data['@type'] === type);

describe('rich results: complete product and shop structured data', () => {
  let shop: TestShop;
  let reviewed: Awaited<ReturnType<typeof insertProduct>>;
  let unreviewed: Awaited<ReturnType<typeof insertProduct>>;

  beforeAll(async () => {
    shop = await buildTestShop({
      webDistDir: WEB_DIST_DIR,
      shopPhone: '+998712000000',
      shopContacts: {
        email: 'info@mebel.uz',
        address: 'Toshkent, Amir Temur 1',
        social: { instagram: 'https://instagram.com/mebel', telegram: 'https://t.me/mebel' },
      },
    });
    const db = shop.database.db;
    await db.update(deliveryZones).set({ enabled: false });
    await db
      .update(deliveryZones)
      .set({ enabled: true, fee: 50_000, freeFrom: 1_000_000, leadDays: 1 })
      .where(eq(deliveryZones.region, 'tashkent-city'));
    await db
      .update(deliveryZones)
      .set({ enabled: true, fee: 150_000, freeFrom: null, leadDays: 4 })
      .where(eq(deliveryZones.region, 'samarkand'));
    reviewed = await insertProduct(shop, { name: 'Kreslo', price: 600_000, ratingSum: 9, ratingCount: 2 });
    unreviewed = await insertProduct(shop, { name: 'Stol', price: 1_200_000 });
    await db.insert(reviews).values([
      { id: newId(), productId: reviewed.id, rating: 5, text: 'Juda qulay', author: 'Aziz K.' },
      { id: newId(), productId: reviewed.id, rating: 4, text: 'Yaxshi', author: 'Dilnoza R.' },
      { id: newId(), productId: reviewed.id, rating: 1, text: 'Yashirilgan', author: 'X.', status: 'hidden' },
    ]);
    await shop.app.publicReads.invalidate();
  });
  afterAll(() => shop.close());

  const body = async (url: string) => (await shop.app.inject({ url })).body;

  it('gives the offer its condition, each open zone’s delivery and the return policy', async () => {
    const page = await body(`/product/${unreviewed.id}`);
    const product = ofType(page, 'Product')!;
    const offers = product.offers as Json;
    expect(offers).toMatchObject({
      price: 1_200_000,
      priceCurrency: 'UZS',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'UZ',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 10,
      },
    });
    const shipping = offers.shippingDetails as Json[];
    expect(shipping).toHaveLength(2);
    // Over Tashkent's free-from amount: free there; Samarkand has none.
    expect(shipping).toContainEqual(
      expect.objectContaining({
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'UZS' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'UZ', addressRegion: 'TK' },
      }),
    );
    const samarkand = shipping.find((entry) => (entry.shippingDestination as Json).addressRegion === 'SA')!;
    expect(samarkand.shippingRate).toMatchObject({ value: 150_000 });
    expect(samarkand.deliveryTime).toMatchObject({
      transitTime: { minValue: 4, maxValue: 4, unitCode: 'DAY' },
    });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
    expect(ofType(page, 'BreadcrumbList')).toBeTruthy();
  });

  it('carries the rating and the published reviews of buyers, never a hidden one', async () => {
    const product = ofType(await body(`/product/${reviewed.id}`), 'Product')!;
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    const list = product.review as Json[];
    expect(list.map((review) => (review.author as Json).name).sort()).toEqual(['Aziz K.', 'Dilnoza R.']);
    expect(list[0]).toMatchObject({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', bestRating: 5, worstRating: 1 },
    });
    expect(list[0]!.datePublished).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(JSON.stringify(list)).not.toContain('Yashirilgan');
  });

  it('names the shop as an Organization with its contacts on the home page', async () => {
    const organization = ofType(await body('/'), 'Organization');
    expect(organization).toMatchObject({
      name: 'Mebel Shop',
      url: 'http://shop.test/',
      telephone: '+998712000000',
      email: 'info@mebel.uz',
      address: { '@type': 'PostalAddress', streetAddress: 'Toshkent, Amir Temur 1', addressCountry: 'UZ' },
      contactPoint: { '@type': 'ContactPoint', telephone: '+998712000000', email: 'info@mebel.uz' },
    });
    expect(organization!.sameAs).toEqual(
      expect.arrayContaining(['https://instagram.com/mebel', 'https://t.me/mebel']),
    );
  });
});
