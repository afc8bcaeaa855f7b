import { parse } from 'csv-parse/sync';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId, type ProductOption } from '@shop/common';
import { products, productVariants, type ProductRow } from '../../db/schema.js';
import { multipartBody } from '../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  truncateAll,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const OPTIONS: ProductOption[] = [
  {
    code: 'size',
    name: { uz: "O'lcham", ru: 'Размер' },
    values: [
      { code: '120', label: { uz: '120 sm' } },
      { code: '140', label: { uz: '140 sm' } },
    ],
  },
  {
    code: 'colour',
    name: { uz: 'Rang' },
    values: [
      { code: 'oak', label: { uz: 'Eman' }, swatch: '#a0522d' },
      { code: 'white', label: { uz: 'Oq' } },
    ],
  },
];

describe('the catalogue sheet: one row per variant', () => {
  let shop: TestShop;
  let admin: TestUser;
  let desk: ProductRow;

  beforeAll(async () => {
    shop = await buildTestShop();
  });
  beforeEach(async () => {
    await truncateAll(shop);
    admin = await createUser(shop, 'admin');
    await insertProduct(shop, { name: 'Stul', price: 300_000, stock: 4 });
    desk = await insertProduct(shop, {
      name: 'Stol',
      options: OPTIONS,
      price: 1_000_000,
      stock: 8,
      color: ['Eman', 'Oq'],
      productImages: [],
    });
    const variant = (sku: string, values: Record<string, string>, fields: object = {}) => ({
      id: newId(),
      productId: desk.id,
      sku,
      values,
      price: 1_000_000,
      stock: 4,
      ...fields,
    });
    await shop.database.db
      .insert(productVariants)
      .values([
        variant('DESK-120-OAK', { size: '120', colour: 'oak' }, { position: 0 }),
        variant('DESK-120-WHT', { size: '120', colour: 'white' }, { position: 1, discountedPrice: 900_000 }),
        variant('DESK-140-OAK', { size: '140', colour: 'oak' }, { position: 2, price: 1_400_000, stock: 0 }),
        variant('DESK-140-WHT', { size: '140', colour: 'white' }, { position: 3, status: 'hidden' }),
      ]);
    await shop.database.db
      .update(productVariants)
      .set({ madeToOrder: true, leadDays: 30 })
      .where(eq(productVariants.sku, 'DESK-140-OAK'));
  });
  afterAll(() => shop.close());

  const exportCsv = async () => {
    const response = await shop.app.inject({ url: '/api/products/export.csv', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    return parse(response.body, { bom: true, delimiter: ';' }) as string[][];
  };
  const exportXlsx = async () =>
    (await shop.app.inject({ url: '/api/products/export.xlsx', headers: admin.headers })).rawPayload;
  const upload = (data: Buffer, filename: string, query = '') => {
    const body = multipartBody([{ name: 'file', filename, data }]);
    return shop.app.inject({
      method: 'POST',
      url: `/api/products/import${query}`,
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
  };
  const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(';')).join('\r\n'));
  const variantsNow = async () =>
    (
      await shop.database.db
        .select()
        .from(productVariants)
        .orderBy(asc(productVariants.productId), asc(productVariants.position))
    ).map((row) => ({ ...row, createdAt: undefined, updatedAt: row.updatedAt.toISOString() }));
  const productsNow = async () =>
    (await shop.database.db.select().from(products).orderBy(products.id)).map((row) => ({
      ...row,
      updatedAt: row.updatedAt.toISOString(),
    }));

  it('exports a row per active variant with the option columns, and one per plain product', async () => {
    const rows = await exportCsv();
    const [header, ...data] = rows;
    expect(header).toEqual(
      expect.arrayContaining(['option_colour', 'option_size', 'made_to_order', 'lead_days']),
    );
    expect(header!.indexOf('option_colour')).toBe(header!.indexOf('category') + 1);
    const at = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(data).toHaveLength(4);
    const deskRows = data.filter((row) => at(row, 'product') === desk.id);
    expect(deskRows.map((row) => at(row, 'sku'))).toEqual(['DESK-120-OAK', 'DESK-120-WHT', 'DESK-140-OAK']);
    const made = deskRows[2]!;
    expect([at(made, 'option_size'), at(made, 'option_colour'), at(made, 'price')]).toEqual([
      '140',
      'oak',
      '1400000',
    ]);
    expect([at(made, 'made_to_order'), at(made, 'lead_days'), at(made, 'stock')]).toEqual(['yes', '30', '0']);
    expect(at(deskRows[1]!, 'discounted_price')).toBe('900000');
    const plain = data.find((row) => at(row, 'product') !== desk.id)!;
    expect([at(plain, 'option_size'), at(plain, 'made_to_order'), at(plain, 'lead_days')]).toEqual([
      '',
      '',
      '',
    ]);
  });

  it.each(['xlsx', 'csv'] as const)(
    'importing an exported %s with variants changes nothing',
    async (format) => {
      const file = format === 'xlsx' ? await exportXlsx() : Buffer.from(csv(await exportCsv()));
      const [variants, catalogue] = [await variantsNow(), await productsNow()];
      for (const query of ['?dryRun=1', '']) {
        const response = await upload(file, `products.${format}`, query);
        expect(response.json()).toEqual({ created: 0, updated: 0, unchanged: 4, errors: [] });
      }
      expect(await variantsNow()).toEqual(variants);
      expect(await productsNow()).toEqual(catalogue);
    },
  );

  it('changes a price, adds a variant, a dry run reports it first; the hidden variant stays hidden', async () => {
    const [header, ...data] = await exportCsv();
    const column = (name: string) => header!.indexOf(name);
    const edited = data.map((row) => [...row]);
    const oak = edited.find((row) => row[column('sku')] === 'DESK-120-OAK')!;
    oak[column('price')] = '950000';
    const added = [...oak];
    Object.assign(added, {
      [column('sku')]: 'DESK-160-OAK',
      [column('option_size')]: '160',
      [column('price')]: '1600000',
      [column('stock')]: '2',
    });
    const file = csv([header!, ...edited, added]);
    const dry = await upload(file, 'products.csv', '?dryRun=1');
    expect(dry.json()).toEqual({ created: 1, updated: 1, unchanged: 3, errors: [] });
    expect(await shop.database.db.select().from(productVariants)).toHaveLength(4);
    const applied = await upload(file, 'products.csv');
    expect(applied.json()).toEqual({ created: 1, updated: 1, unchanged: 3, errors: [] });
    const stored = await shop.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, desk.id));
    const bySku = new Map(stored.map((row) => [row.sku, row]));
    expect(bySku.get('DESK-120-OAK')!.price).toBe(950_000);
    expect(bySku.get('DESK-160-OAK')).toMatchObject({ values: { size: '160', colour: 'oak' }, stock: 2 });
    expect(bySku.get('DESK-140-WHT')!.status).toBe('hidden');
    const [product] = await shop.database.db.select().from(products).where(eq(products.id, desk.id));
    expect(product!.price).toBe(950_000);
    expect(product!.options[0]!.values.map((value) => value.code)).toEqual(['120', '140', '160']);
    expect(product!.options[1]!.values[0]!.swatch).toBe('#a0522d');
    // The same file again changes nothing.
    expect((await upload(file, 'products.csv')).json()).toEqual({
      created: 0,
      updated: 0,
      unchanged: 5,
      errors: [],
    });
  });

  it('creates a product with variants from rows sharing a key of the file, once', async () => {
    const header = [
      'sku',
      'product',
      'name_uz',
      'description_uz',
      'category',
      'option_fabric',
      'price',
      'stock',
    ];
    const row = (code: string, fabric: string, price: string) => [
      code,
      'new-sofa',
      'Divan',
      'Yumshoq divan',
      'loft',
      fabric,
      price,
      '1',
    ];
    const file = csv([header, row('SOFA-VEL', 'velvet', '3000000'), row('SOFA-LTH', 'leather', '4500000')]);
    expect((await upload(file, 'sofa.csv')).json()).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    const [sofa] = await shop.database.db.select().from(products).where(eq(products.name, 'Divan'));
    expect(sofa).toMatchObject({ price: 3_000_000, stock: 2 });
    expect(sofa!.options).toEqual([
      {
        code: 'fabric',
        name: { uz: 'fabric' },
        values: [
          { code: 'velvet', label: { uz: 'velvet' } },
          { code: 'leather', label: { uz: 'leather' } },
        ],
      },
    ]);
    expect((await upload(file, 'sofa.csv')).json()).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      errors: [],
    });
  });

  it('refuses a row without a value of every option, a SKU of another product, and a plain row of a product with variants', async () => {
    const [header, ...data] = await exportCsv();
    const column = (name: string) => header!.indexOf(name);
    const edited = data.map((row) => [...row]);
    const deskRows = edited.filter((row) => row[column('product')] === desk.id);
    deskRows[0]![column('option_colour')] = '';
    const plain = edited.find((row) => row[column('product')] !== desk.id)!;
    const stranger = [...deskRows[1]!];
    Object.assign(stranger, {
      [column('product')]: plain[column('product')],
      [column('sku')]: 'DESK-140-OAK',
    });
    deskRows[2]![column('sku')] = 'DESK-140-OAK-2';
    const sneaky = [...plain];
    Object.assign(sneaky, {
      [column('sku')]: desk.id.slice(0, 8).toUpperCase(),
      [column('product')]: desk.id,
    });
    const file = csv([header!, ...edited, stranger, sneaky]);
    const before = await variantsNow();
    const response = await upload(file, 'products.csv');
    expect(response.statusCode).toBe(400);
    const cells = response
      .json()
      .errors.map((error: { row: number; column: string }) => `${error.row}:${error.column}`);
    const rowOf = (row: string[]) => [header!, ...edited, stranger, sneaky].indexOf(row) + 1;
    expect(cells).toEqual(
      expect.arrayContaining([
        `${rowOf(deskRows[0]!)}:option_colour`,
        `${rowOf(stranger)}:sku`,
        `${rowOf(sneaky)}:sku`,
      ]),
    );
    expect(await variantsNow()).toEqual(before);
  });

  it('applies 2 000 variant rows all or nothing: an error on row 1 999 writes nothing; fixed, all apply', async () => {
    const header = [
      'sku',
      'product',
      'name_uz',
      'description_uz',
      'category',
      'option_size',
      'price',
      'stock',
    ];
    const rows = Array.from({ length: 1998 }, (_, index) => {
      const product = Math.floor(index / 2);
      const size = index % 2 ? '140' : '120';
      return [
        `T-${product}-${size}`,
        `table-${product}`,
        `Stol ${product}`,
        'Stol',
        'office',
        size,
        '500000',
        '1',
      ];
    });
    rows[1997]![6] = 'cheap';
    const before = await variantsNow();
    const refused = await upload(csv([header, ...rows]), 'tables.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ row: 1999, column: 'price', message: expect.any(String) }]);
    expect(await variantsNow()).toEqual(before);
    rows[1997]![6] = '510000';
    rows.push(['T-999-120', 'table-999', 'Stol 999', 'Stol', 'office', '120', '500000', '1']);
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const started = performance.now();
    const applied = await upload(csv([header, ...rows]), 'tables.csv');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    expect(applied.json()).toEqual({ created: 1999, updated: 0, unchanged: 0, errors: [] });
    console.log(
      `2 000-row variant import: ${seconds.toFixed(1)} s, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB`,
    );
    const again = performance.now();
    expect((await upload(csv([header, ...rows]), 'tables.csv')).json()).toMatchObject({ unchanged: 1999 });
    console.log(
      `the same 2 000 rows again (all unchanged): ${((performance.now() - again) / 1000).toFixed(1)} s`,
    );
  }, 300_000);
});
