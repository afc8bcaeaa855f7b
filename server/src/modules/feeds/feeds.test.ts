import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, LANGUAGES, sku } from '@shop/common';
import { deliveryZones, products } from '../../db/schema.js';
import { REPO_ROOT } from '../../paths.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';
import { CATEGORY_NAMES } from './category-names.js';
import { META_COLUMNS } from './feed-formats.js';
import { csvRow } from './feed-text.js';

type Row = Awaited<ReturnType<typeof insertProduct>>;

const HOSTILE = `Stol <b>"qo'sh"</b> & co, ]]> \u0001\u2028 "RTL"\nnew line`;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A small RFC 4180 reader: quoted fields, doubled quotes, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && char === '"') quoted = false;
    else if (quoted) field += char;
    else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  expect(field).toBe('');
  return rows;
}

describe('catalogue feeds', () => {
  let shop: TestShop;
  let plain: Row;
  let onSale: Row;
  let hostile: Row;
  let paused: Row;
  let deleted: Row;

  beforeAll(async () => {
    shop = await buildTestShop({ shopName: 'Mebel & Co' });
    plain = await insertProduct(shop, {
      name: 'Ofis stoli',
      description: 'Mustahkam ofis stoli',
      translations: { ru: { name: 'Офисный стол', description: 'Прочный стол' } },
      price: 1_250_000,
      productImages: ['/uploads/products/desk.webp', '/uploads/products/desk-2.webp'],
      stock: 0,
    });
    onSale = await insertProduct(shop, {
      name: 'Maktab partasi',
      category: 'school',
      price: 400_000,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 25,
      discountEnd: new Date(Date.now() + 5 * 24 * 3600_000),
    });
    hostile = await insertProduct(shop, { name: HOSTILE, description: HOSTILE });
    paused = await insertProduct(shop, { name: 'Paused chair', status: 'onPaused' });
    deleted = await insertProduct(shop, { name: 'Deleted chair', isDeleted: true });
    await shop.database.db
      .update(deliveryZones)
      .set({ enabled: true, fee: 50_000, freeFrom: 1_000_000, leadDays: 2 })
      .where(eq(deliveryZones.region, 'tashkent-city'));
  });
  afterAll(() => shop.close());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });

  it('writes the Google Merchant Center RSS feed: required fields, prices, availability, shipping', async () => {
    const response = await get('/feeds/google.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/rss+xml');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const rss = parser.parse(response.body).rss;
    expect(rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
    const items = asList<Record<string, unknown>>(rss.channel.item);
    const byId = new Map(items.map((item) => [item['g:id'] as string, item]));
    expect([...byId.keys()].sort()).toEqual([plain.id, onSale.id, hostile.id].sort());
    for (const item of items)
      for (const field of [
        'g:title',
        'g:description',
        'g:link',
        'g:image_link',
        'g:availability',
        'g:price',
        'g:condition',
        'g:brand',
      ])
        expect(item[field], field).toBeTruthy();
    const desk = byId.get(plain.id)!;
    expect(desk['g:price']).toBe('1250000 UZS');
    expect(desk['g:sale_price']).toBeUndefined();
    expect(desk['g:availability']).toBe('out_of_stock');
    expect(desk['g:link']).toBe(`http://shop.test/product/${plain.id}`);
    expect(desk['g:additional_image_link']).toBe('http://shop.test/uploads/products/desk-2.webp');
    expect(desk['g:mpn']).toBe(sku(plain.id));
    expect(desk['g:brand']).toBe('Mebel & Co');
    expect(desk['g:item_group_id']).toBeUndefined();
    // Over the zone's free-from amount: delivered free; the sale item below it pays the fee.
    const shipping = asList(desk['g:shipping'] as Record<string, string>[]);
    expect(shipping.find((entry) => entry['g:region'] === 'TK')).toMatchObject({
      'g:country': 'UZ',
      'g:price': '0 UZS',
    });
    const sale = byId.get(onSale.id)!;
    expect(sale).toMatchObject({
      'g:price': '400000 UZS',
      'g:sale_price': '300000 UZS',
      'g:availability': 'in_stock',
    });
    expect(sale['g:sale_price_effective_date']).toMatch(/^\d{4}-\d\d-\d\dT.*Z\/\d{4}-/);
    const saleShipping = asList(sale['g:shipping'] as Record<string, string>[]);
    expect(saleShipping.find((entry) => entry['g:region'] === 'TK')!['g:price']).toBe('50000 UZS');
    // Escaped, and the control character a parser refuses is gone.
    expect(byId.get(hostile.id)!['g:title']).toBe(HOSTILE.replace('\u0001', '').replace(/\s+/g, ' ').trim());
  });

  it('writes the Yandex YML catalogue: shop, UZS, categories, offers', async () => {
    const response = await get('/feeds/yandex.yml?lang=ru');
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(response.body)).toBe(true);
    const catalogue = parser.parse(response.body).yml_catalog;
    expect(catalogue['@date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d\+00:00$/);
    const shopNode = catalogue.shop;
    expect(shopNode.name).toBe('Mebel & Co');
    expect(shopNode.currencies.currency).toMatchObject({ '@id': 'UZS', '@rate': '1' });
    const categories = asList<Record<string, string>>(shopNode.categories.category);
    expect(categories.map((category) => category['#text'])).toEqual(
      CATEGORIES.map((category) => CATEGORY_NAMES[category].ru),
    );
    const offers = asList<Record<string, string>>(shopNode.offers.offer);
    expect(offers.map((offer) => offer['@id']).sort()).toEqual([plain.id, onSale.id, hostile.id].sort());
    const desk = offers.find((offer) => offer['@id'] === plain.id)!;
    expect(desk).toMatchObject({
      '@available': 'false',
      name: 'Офисный стол',
      price: '1250000',
      currencyId: 'UZS',
    });
    expect(desk.url).toBe(`http://shop.test/product/${plain.id}?lang=ru`);
    const sale = offers.find((offer) => offer['@id'] === onSale.id)!;
    expect(sale).toMatchObject({
      '@available': 'true',
      price: '300000',
      oldprice: '400000',
      categoryId: '1',
    });
    for (const offer of offers) expect(offer['@group_id']).toBeUndefined();
  });

  it('writes the Meta catalogue CSV with its columns and correct quoting', async () => {
    const response = await get('/feeds/meta.csv?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...META_COLUMNS]);
    const records = rows.map((row) => Object.fromEntries(header!.map((column, i) => [column, row[i]])));
    expect(records.map((record) => record.id).sort()).toEqual([plain.id, onSale.id, hostile.id].sort());
    for (const row of rows) expect(row).toHaveLength(META_COLUMNS.length);
    expect(records.find((record) => record.id === plain.id)).toMatchObject({
      availability: 'out of stock',
      condition: 'new',
      price: '1250000 UZS',
      sale_price: '',
      brand: 'Mebel & Co',
      product_type: 'Office',
    });
    expect(records.find((record) => record.id === onSale.id)).toMatchObject({ sale_price: '300000 UZS' });
    expect(records.find((record) => record.id === hostile.id)!.title).toContain('"qo\'sh"');
    expect(csvRow(['a,b', 'say "hi"', 'x\ny', ' lead', 7, null])).toBe(
      '"a,b","say ""hi""","x\ny"," lead",7,\r\n',
    );
  });

  it('leaves hidden products out of every feed and refuses an unknown language', async () => {
    for (const url of ['/feeds/google.xml', '/feeds/yandex.yml', '/feeds/meta.csv'])
      for (const lang of LANGUAGES) {
        const body = (await get(`${url}?lang=${lang}`)).body;
        expect(body).not.toContain(paused.id);
        expect(body).not.toContain(deleted.id);
      }
    const refused = await get('/feeds/google.xml?lang=de');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBeTruthy();
  });

  it('answers 304 to its ETag, and a new ETag and body as soon as a product changes', async () => {
    const first = await get('/feeds/google.xml');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await get('/feeds/google.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    const again = await get('/feeds/google.xml');
    expect(again.body).toBe(first.body);
    await shop.database.db
      .update(products)
      .set({ price: 1_300_000, updatedAt: new Date() })
      .where(eq(products.id, plain.id));
    const changed = await get('/feeds/google.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('1300000 UZS');
    // Languages are separate feeds with separate tags.
    expect((await get('/feeds/google.xml?lang=ru')).headers.etag).not.toBe(changed.headers.etag);
  });

  it('names categories as the storefront does', () => {
    for (const language of LANGUAGES) {
      const locale = JSON.parse(
        readFileSync(path.join(REPO_ROOT, 'web', 'src', 'locales', language, 'common.json'), 'utf8'),
      ) as { categories: Record<string, { name: string }> };
      for (const category of CATEGORIES)
        expect(CATEGORY_NAMES[category][language]).toBe(locale.categories[category]!.name);
    }
  });
});
