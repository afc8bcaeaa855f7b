import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type ProductOption } from '@shop/common';
import { productVariants, type ProductRow } from '../../db/schema.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const OPTIONS: ProductOption[] = [
  {
    code: 'size',
    name: { uz: "O'lcham", ru: 'Размер', en: 'Size' },
    values: [
      { code: '120', label: { uz: '120 sm', ru: '120 см', en: '120 cm' } },
      { code: '140', label: { uz: '140 sm', ru: '140 см', en: '140 cm' } },
    ],
  },
  {
    code: 'colour',
    name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' },
    values: [
      { code: 'oak', label: { uz: 'Eman', ru: 'Дуб', en: 'Oak' } },
      { code: 'white', label: { uz: 'Oq', ru: 'Белый', en: 'White' } },
    ],
  },
];

describe('catalogue feeds: one item per active variant', () => {
  let shop: TestShop;
  let desk: ProductRow;
  let plain: ProductRow;

  const variant = (values: Record<string, string>, fields: Partial<typeof productVariants.$inferInsert>) => ({
    id: newId(),
    productId: desk.id,
    values,
    price: 1_000_000,
    stock: 3,
    ...fields,
    sku: fields.sku!,
  });

  beforeAll(async () => {
    shop = await buildTestShop();
    plain = await insertProduct(shop, { name: 'Stul', price: 300_000 });
    desk = await insertProduct(shop, {
      name: 'Stol',
      translations: { ru: { name: 'Стол', description: 'Стол' } },
      options: OPTIONS,
      price: 1_000_000,
      stock: 5,
      productImages: ['/uploads/products/desk.webp', '/uploads/products/desk-white.webp'],
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 10,
    });
    await shop.database.db.insert(productVariants).values([
      variant({ size: '120', colour: 'oak' }, { sku: 'DESK-120-OAK', position: 0 }),
      variant(
        { size: '120', colour: 'white' },
        {
          sku: 'DESK-120-WHT',
          position: 1,
          image: 1,
          stock: 0,
          price: 1_100_000,
          discountedPrice: 900_000,
        },
      ),
      variant(
        { size: '140', colour: 'oak' },
        { sku: 'DESK-140-OAK', position: 2, stock: 0, madeToOrder: true, leadDays: 30, price: 1_400_000 },
      ),
      variant({ size: '140', colour: 'white' }, { sku: 'DESK-140-WHT', position: 3, status: 'hidden' }),
    ]);
  });
  afterAll(() => shop.close());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });

  it('gives Google an item per active variant: its SKU, group, label, link, prices and availability', async () => {
    const rss = parser.parse((await get('/feeds/google.xml?lang=en')).body).rss;
    const items = asList<Record<string, unknown>>(rss.channel.item);
    const byId = new Map(items.map((item) => [item['g:id'] as string, item]));
    expect([...byId.keys()].sort()).toEqual(
      ['DESK-120-OAK', 'DESK-120-WHT', 'DESK-140-OAK', plain.id].sort(),
    );
    expect(byId.get(plain.id)!['g:item_group_id']).toBeUndefined();
    const oak = byId.get('DESK-120-OAK')!;
    expect(oak).toMatchObject({
      'g:item_group_id': desk.id,
      'g:mpn': 'DESK-120-OAK',
      'g:price': '1000000 UZS',
      // The product's 10 % applies to a variant without its own sale price.
      'g:sale_price': '900000 UZS',
      'g:availability': 'in_stock',
      'g:link': `http://shop.test/product/${desk.id}?variant=DESK-120-OAK&lang=en`,
    });
    expect(oak['g:title']).toMatch(/, 120 cm · Oak$/);
    const white = byId.get('DESK-120-WHT')!;
    expect(white).toMatchObject({
      'g:price': '1100000 UZS',
      'g:sale_price': '900000 UZS',
      'g:availability': 'out_of_stock',
    });
    expect(white['g:sale_price_effective_date']).toBeUndefined();
    // The variant's own picture comes first.
    expect(white['g:image_link']).toMatch(/desk-white/);
    // Made to order: orderable with no stock.
    expect(byId.get('DESK-140-OAK')).toMatchObject({
      'g:availability': 'in_stock',
      'g:price': '1400000 UZS',
    });
  });

  it('gives Yandex offers with a group_id and Meta rows with item_group_id', async () => {
    const yml = parser.parse((await get('/feeds/yandex.yml?lang=ru')).body).yml_catalog;
    const offers = asList<Record<string, unknown>>(yml.shop.offers.offer);
    const grouped = offers.filter((offer) => offer['@group_id'] !== undefined);
    expect(grouped.map((offer) => offer['@id']).sort()).toEqual([
      'DESK-120-OAK',
      'DESK-120-WHT',
      'DESK-140-OAK',
    ]);
    expect(new Set(grouped.map((offer) => offer['@group_id'])).size).toBe(1);
    expect(grouped.find((offer) => offer['@id'] === 'DESK-120-WHT')).toMatchObject({
      '@available': 'false',
      name: 'Стол, 120 см · Белый',
      price: '900000',
      oldprice: '1100000',
    });
    const meta: Record<string, string>[] = parse((await get('/feeds/meta.csv')).body, { columns: true });
    expect(meta.map((row) => [row.id, row.item_group_id]).sort()).toEqual(
      [
        ['DESK-120-OAK', desk.id],
        ['DESK-120-WHT', desk.id],
        ['DESK-140-OAK', desk.id],
        [plain.id, ''],
      ].sort(),
    );
  });

  it('changes its ETag when only a variant changes', async () => {
    const first = await get('/feeds/google.xml');
    const etag = first.headers.etag as string;
    expect((await get('/feeds/google.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    // A stock move on the variant alone, its updated_at untouched.
    await shop.database.db
      .update(productVariants)
      .set({ stock: 7 })
      .where(eq(productVariants.sku, 'DESK-120-WHT'));
    const changed = await get('/feeds/google.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const items = asList<Record<string, unknown>>(parser.parse(changed.body).rss.channel.item);
    expect(items.find((item) => item['g:id'] === 'DESK-120-WHT')!['g:availability']).toBe('in_stock');
    // A variant hidden leaves the feed.
    await shop.database.db
      .update(productVariants)
      .set({ status: 'hidden' })
      .where(eq(productVariants.sku, 'DESK-120-WHT'));
    const hidden = await get('/feeds/google.xml', { 'if-none-match': changed.headers.etag as string });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).not.toContain('DESK-120-WHT');
  });
});
