import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sku } from '@shop/common';
import { auditLog, products } from '../../db/schema.js';
import { multipartBody } from '../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  truncateAll,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { SHEET_COLUMNS } from './catalogue-sheet.js';

const IKPU = '09403001001000000';

/** A one-entry zip written by hand: a small file whose sheet unpacks to `size` bytes. */
function zipBomb(size: number): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = deflateRawSync(Buffer.alloc(size, ' '));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('the catalogue as a spreadsheet', () => {
  let shop: TestShop;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop();
  });
  beforeEach(async () => {
    await truncateAll(shop);
    admin = await createUser(shop, 'admin');
    manager = await createUser(shop, 'manager');
  });
  afterAll(() => shop.close());

  const download = (format: 'xlsx' | 'csv', user: TestUser = manager) =>
    shop.app.inject({ method: 'GET', url: `/api/products/export.${format}`, headers: user.headers });

  const upload = (data: Buffer, filename: string, query = '', user: TestUser = admin) => {
    const body = multipartBody([{ name: 'file', filename, data }]);
    return shop.app.inject({
      method: 'POST',
      url: `/api/products/import${query}`,
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
  };

  const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(';')).join('\r\n'));
  const header = [...SHEET_COLUMNS];
  const newRow = (code: string, fields: Record<string, string> = {}) => {
    const values: Record<string, string> = {
      sku: code,
      name_uz: `Stol ${code}`,
      description_uz: 'Mustahkam stol',
      name_ru: `Стол ${code}`,
      category: 'office',
      price: '500000',
      stock: '3',
      ...fields,
    };
    return header.map((column) => values[column] ?? '');
  };

  const snapshot = async () =>
    (await shop.database.db.select().from(products).orderBy(products.id)).map((row) => ({
      ...row,
      updatedAt: row.updatedAt.toISOString(),
    }));
  const auditCount = async () =>
    (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

  async function seedCatalogue() {
    await insertProduct(shop, {
      name: 'Maktab partasi',
      description: '=SUM(A1) emas, -5 % chegirma; "qo‘shtirnoq"',
      translations: { ru: { name: 'Школьная парта', description: 'Парта, 2 места' } },
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 10,
      discountStart: new Date('2030-01-01T00:00:00Z'),
      ikpu: IKPU,
      packageCode: '1514296',
    });
    await insertProduct(shop, { name: 'Ofis kreslosi', stock: 0, status: 'onPaused', color: [] });
    await insertProduct(shop, { name: 'Eski stol', isDeleted: true });
  }

  it('exports every product not deleted, one row each, with the columns the import reads', async () => {
    await seedCatalogue();
    const response = await download('csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="products-.*\.csv"/);
    const rows: string[][] = parse(response.body, { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual(header);
    expect(rows.slice(1).map((row) => row[2])).toEqual(
      expect.arrayContaining(['Maktab partasi', 'Ofis kreslosi']),
    );
    expect(rows).toHaveLength(3);
    const desk = rows.find((row) => row[2] === 'Maktab partasi')!;
    const [stored] = await shop.database.db.select().from(products).where(eq(products.id, desk[1]!));
    expect(desk[0]).toBe(sku(stored!.id));
    expect(desk[header.indexOf('discounted_price')]).toBe('90000');
    expect(desk[header.indexOf('ikpu')]).toBe(IKPU);
    expect(desk[header.indexOf('images')]).toBe('test.webp');
  });

  it.each(['xlsx', 'csv'] as const)('importing an exported %s changes nothing', async (format) => {
    await seedCatalogue();
    const file = (await download(format)).rawPayload;
    const before = await snapshot();
    const audits = await auditCount();
    const dry = await upload(file, `products.${format}`, '?dryRun=1');
    expect(dry.json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });
    const applied = await upload(file, `products.${format}`);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('creates new skus, changes matched ones, and a second import of the same file changes nothing', async () => {
    const stored = await insertProduct(shop, {
      name: 'Kitob javoni',
      price: 300_000,
      stock: 4,
      productImages: [],
    });
    const file = csv([
      header,
      newRow('A1B2C3D4', { discounted_price: '450000', color: 'oq, qora' }),
      newRow(sku(stored.id), {
        product: stored.id,
        name_uz: 'Kitob javoni',
        description_uz: 'A sturdy test desk',
        price: '320000',
        stock: '9',
        vat_percent: '12',
      }),
    ]);
    const first = await upload(file, 'catalogue.csv');
    expect(first.json()).toEqual({ created: 1, updated: 1, unchanged: 0, errors: [] });
    const created = (await snapshot()).find((row) => sku(row.id) === 'A1B2C3D4')!;
    expect(created).toMatchObject({ name: 'Stol A1B2C3D4', price: 500_000, stock: 3, color: ['oq', 'qora'] });
    expect(created).toMatchObject({ isDiscounted: true, discountType: 'fixed', discountValue: 50_000 });
    expect(created.translations).toEqual({ ru: { name: 'Стол A1B2C3D4' } });
    const changed = (await snapshot()).find((row) => row.id === stored.id)!;
    expect(changed).toMatchObject({ price: 320_000, stock: 9 });

    const before = await snapshot();
    const second = await upload(file, 'catalogue.csv');
    expect(second.json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('a dry run reports each bad cell by row and column, and writes nothing', async () => {
    const file = csv([
      header,
      newRow('00000001'),
      newRow('00000002', { category: 'kitchen', price: 'cheap' }),
      newRow('not-a-sku'),
      newRow('00000001'),
      newRow('00000003', { ikpu: '123', discounted_price: '600000' }),
    ]);
    const response = await upload(file, 'catalogue.csv', '?dryRun=1');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const cells = report.errors.map(
      (error: { row: number; column: string }) => `${error.row}:${error.column}`,
    );
    expect(cells).toEqual(
      expect.arrayContaining(['3:category', '3:price', '4:sku', '5:sku', '6:ikpu', '6:discounted_price']),
    );
    expect(await snapshot()).toEqual([]);
  });

  it('applies all or nothing: an error in the last of 2 000 rows leaves the catalogue untouched', async () => {
    const code = (index: number) => index.toString(16).toUpperCase().padStart(8, '0');
    const rows = Array.from({ length: 2000 }, (_, index) => newRow(code(index + 1)));
    rows[1999] = newRow(code(2000), { status: 'sold' });
    const refused = await upload(csv([header, ...rows]), 'big.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      created: 1999,
      errors: [{ row: 2001, column: 'status', message: expect.any(String) }],
    });
    expect(await snapshot()).toEqual([]);

    rows[1999] = newRow(code(2000));
    const started = performance.now();
    const applied = await upload(csv([header, ...rows]), 'big.csv');
    const seconds = (performance.now() - started) / 1000;
    console.info(`catalogue import: 2000 new rows applied in ${seconds.toFixed(1)} s`);
    expect(applied.json()).toEqual({ created: 2000, updated: 0, unchanged: 0, errors: [] });
    expect(await snapshot()).toHaveLength(2000);

    const again = performance.now();
    const exported = (await download('xlsx')).rawPayload;
    const repeat = await upload(exported, 'all.xlsx');
    console.info(
      `catalogue export + import of 2000 unchanged rows: ${((performance.now() - again) / 1000).toFixed(1)} s`,
    );
    expect(repeat.json()).toEqual({ created: 0, updated: 0, unchanged: 2000, errors: [] });
  }, 240_000);

  it('reads a comma-separated CSV too, quotes and all', async () => {
    const text = [
      'sku,name_uz,description_uz,category,price,color',
      '0000C0AA,"Stol, katta",Yaxshi,office,1000,"oq, qora"',
    ];
    const response = await upload(Buffer.from(text.join('\n')), 'comma.csv');
    expect(response.json()).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [] });
    expect(await snapshot()).toMatchObject([{ name: 'Stol, katta', color: ['oq', 'qora'] }]);
  });

  it('reads a workbook saved by a spreadsheet program, numbers as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Лист1');
    sheet.addRow(header);
    sheet.addRow(
      newRow('0000ABCD').map((cell, index) =>
        ['price', 'stock'].includes(header[index]!) ? Number(cell) : cell,
      ),
    );
    // An all-digit SKU typed into a spreadsheet loses its leading zeros: 00001234 becomes 1234.
    sheet.addRow(newRow('00001234').map((cell, index) => (index === 0 ? 1234 : cell)));
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(file, 'catalogue.xlsx');
    expect(response.json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    expect((await snapshot()).map((row) => sku(row.id)).sort()).toEqual(['00001234', '0000ABCD']);
  });

  describe('bad files are refused whole, with a message', () => {
    const cases: [string, () => Buffer, string, number, RegExp][] = [
      [
        'a broken workbook',
        () => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]),
        'x.xlsx',
        400,
        /XLSX/,
      ],
      ['a workbook unpacking to 80 MB', () => zipBomb(80 * 1024 * 1024), 'x.xlsx', 413, /unpacks/],
      ['junk named .xlsx', () => Buffer.alloc(9 * 1024 * 1024, 'junk'), 'x.xlsx', 400, /not an XLSX/],
      ['more than 10 MB', () => Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), 'x.csv', 413, /too large/],
      [
        'a picture named .csv',
        () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe, 0x00]),
        'x.csv',
        415,
        /CSV/,
      ],
      ['a text file', () => Buffer.from('hello'), 'notes.txt', 415, /\.xlsx or \.csv/],
      [
        'wrong headers',
        () =>
          csv([
            ['name', 'cost'],
            ['Stol', '5'],
          ]),
        'x.csv',
        400,
        /missing: sku/,
      ],
      ['a header only', () => csv([header]), 'x.csv', 200, /.*/],
    ];
    it.each(cases)('%s', async (_name, file, filename, status, message) => {
      await insertProduct(shop);
      const before = await snapshot();
      const response = await upload(file(), filename);
      expect(response.statusCode).toBe(status);
      if (status !== 200) expect(response.json().message).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });

    it('a body that is not multipart', async () => {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/products/import',
        payload: { file: 'x' },
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(415);
    });
  });

  it('lets any staff export, and only admin and ceo import', async () => {
    const customer = await createUser(shop, 'customer');
    expect((await download('xlsx', customer)).statusCode).toBe(403);
    expect((await download('xlsx', manager)).statusCode).toBe(200);
    const refused = await upload(csv([header]), 'x.csv', '', manager);
    expect(refused.statusCode).toBe(403);
    const ceo = await createUser(shop, 'ceo');
    expect((await upload(csv([header, newRow('0000CEEE')]), 'x.csv', '', ceo)).json().created).toBe(1);
  });
});
