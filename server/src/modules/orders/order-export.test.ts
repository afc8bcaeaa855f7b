import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@shop/common';
import { orders } from '../../db/schema.js';
import { SCHOOL, placeCompanyOrder } from '../../test/company-test-kit.js';
import { OAK_DESK, giveLineVariant } from '../../test/variant-lines.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

let shop: TestShop;
let manager: TestUser;
let customer: TestUser;
let first: { _id: string; phone: string };
let second: { _id: string; phone: string };

async function place(productId: string, customerName: string, quantity: number, color = 'oq') {
  const phone = uniquePhone();
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customerName, phoneNumber: phone, items: [{ productId, quantity, color }] },
  });
  expect(response.statusCode).toBe(201);
  return { _id: response.json<{ _id: string }>()._id, phone };
}

const exportUrl = (query: string) => `/api/orders/export${query}`;

function download(query: string, user: TestUser | null = manager) {
  return shop.app.inject({ method: 'GET', url: exportUrl(query), headers: user?.headers ?? {} });
}

/** The file as Excel in Russian or Uzbek reads it: `;`-separated, RFC 4180 quotes (csv-parse). */
function parseCsv(text: string, delimiter = ';'): string[][] {
  return parse(text, { delimiter, bom: true, relax_column_count: true, relax_quotes: delimiter !== ';' });
}

beforeAll(async () => {
  // Many orders from the one address inject uses: the limits on one shopper are another test's.
  shop = await buildTestShop({ orderLimits: { enabled: false } });
  manager = await createUser(shop, 'manager');
  customer = await createUser(shop, 'customer');
  const sofa = await insertProduct(shop, {
    name: 'Диван «Уют», 3 местный',
    price: 2_000_000,
    stock: 50,
    color: ['kulrang'],
  });
  const formula = await insertProduct(shop, { name: '=HYPERLINK("http://evil")', price: 150_000, stock: 50 });
  first = await place(sofa.id, 'Алишер Навоий', 2, 'kulrang');
  second = await place(formula.id, '@attacker', 1);
  // The first order was placed at 23:30 Tashkent on 1 March (18:30 UTC): its Tashkent day is the 1st.
  await shop.database.db.execute(
    sql`update ${orders} set created_at = '2026-03-01T18:30:00Z' where id = ${first._id}`,
  );
  await shop.database.db.execute(
    sql`update ${orders} set created_at = '2026-03-02T09:00:00Z' where id = ${second._id}`,
  );
});
afterAll(() => shop.close());

describe('order export', () => {
  it('CSV: UTF-8 with a BOM, one row per line, Tashkent times, formulas neutralised, as an attachment', async () => {
    const response = await download('?format=csv&startDate=2026-03-01&endDate=2026-03-02&lang=ru');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(response.rawPayload.toString('utf8'));
    expect(rows[0]).toEqual([
      'Номер заказа',
      'Дата и время (Ташкент)',
      'Статус',
      'Оплата',
      'Клиент',
      'Телефон',
      'Товар',
      'Цвет',
      'Количество',
      'Цена',
      'Сумма строки',
      'Сумма заказа',
      'Доставка',
      'Доставка, подъём и сборка',
      'Организация',
      'ИНН',
      'Номер счёта',
      'Промокод',
      'Скидка по промокоду',
      'Вариант',
      'Артикул',
    ]);
    expect(rows).toHaveLength(3);
    // Newest first.
    expect(rows[1]).toEqual([
      orderNumber(second._id),
      '2026-03-02 14:00',
      'Новый',
      'Наличные · Не оплачен',
      "'@attacker",
      `'${second.phone}`,
      `'=HYPERLINK("http://evil")`,
      'oq',
      '1',
      '150000',
      '150000',
      '150000',
      'По телефону',
      '0',
      '',
      '',
      '',
      '',
      '0',
      '',
      '',
    ]);
    expect(rows[2]).toEqual([
      orderNumber(first._id),
      '2026-03-01 23:30',
      'Новый',
      'Наличные · Не оплачен',
      'Алишер Навоий',
      `'${first.phone}`,
      'Диван «Уют», 3 местный',
      'kulrang',
      '2',
      '2000000',
      '4000000',
      '4000000',
      'По телефону',
      '0',
      '',
      '',
      '',
      '',
      '0',
      '',
      '',
    ]);
  });

  it('CSV: a cell holding ; , " or a line break is quoted, and no reader finds a formula at the start of any cell', async () => {
    const hostile = [
      'Ali;=1+1',
      'Vali,=SUM(A1:A9)',
      'say "hi";@cmd',
      'two\r\nlines\n-2+3',
      'tab;\t=1',
      '+998 shop',
    ];
    const product = await insertProduct(shop, { name: 'Stol;=2*3', price: 10_000, stock: 50 });
    const phones = new Map<string, string>();
    for (const name of hostile) phones.set((await place(product.id, name, 1)).phone, name);
    const response = await download(`?format=csv&lang=en`);
    expect(response.statusCode).toBe(200);
    const text = response.rawPayload.toString('utf8');
    const rows = parseCsv(text);
    const header = rows[0]!;
    const nameAt = header.indexOf('Customer');
    const phoneAt = header.indexOf('Phone');
    const productAt = header.indexOf('Product');
    const restored = (cell: string) => cell.replace(/(^|[,;"\r\n])'(?=[=+\-@\t\r])/g, '$1');
    // Every cell round-trips: what the order holds, less the apostrophes that neutralise a formula.
    const found = rows.filter((row) => phones.has(restored(row[phoneAt]!)));
    expect(found).toHaveLength(hostile.length);
    for (const row of found) {
      expect(row).toHaveLength(header.length);
      expect(restored(row[nameAt]!)).toBe(phones.get(restored(row[phoneAt]!)));
      expect(restored(row[productAt]!)).toBe('Stol;=2*3');
    }
    // Read as this file is written, and as a reader splitting on commas would read it.
    for (const cells of [parseCsv(text).flat(), parseCsv(text, ',').flat()]) {
      const formulas = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
      expect(formulas).toEqual([]);
    }
    // Nor after a separator or a line break inside a cell.
    expect(rows.flat().filter((cell) => /[,;"\r\n][=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it("takes the list's filters: a Tashkent day, status, phone", async () => {
    const day = parseCsv((await download('?startDate=2026-03-01&endDate=2026-03-01')).body.slice(1));
    expect(day.slice(1).map((row) => row[0])).toEqual([orderNumber(first._id)]);
    // Uzbek by default.
    expect(day[0]![0]).toBe('Buyurtma raqami');
    const byPhone = parseCsv(
      (await download(`?phoneNumber=${encodeURIComponent(second.phone)}`)).body.slice(1),
    );
    expect(byPhone.slice(1).map((row) => row[0])).toEqual([orderNumber(second._id)]);
    const none = parseCsv((await download('?status=cancelled')).body.slice(1));
    expect(none).toHaveLength(1);
  });

  it('XLSX: a workbook whose cells are the same values, numbers as numbers', async () => {
    const response = await download('?format=xlsx&lang=en&startDate=2026-03-01&endDate=2026-03-02');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename="orders-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('Order number');
    const last = sheet.getRow(3);
    expect(last.getCell(2).value).toBe('2026-03-01 23:30');
    expect(last.getCell(7).value).toBe('Диван «Уют», 3 местный');
    expect(last.getCell(9).value).toBe(2);
    expect(last.getCell(12).value).toBe(4_000_000);
    // A workbook's text cell is never a formula: it is written as typed, a phone with its plus.
    expect(sheet.getRow(2).getCell(7).value).toBe('=HYPERLINK("http://evil")');
    expect(sheet.getRow(2).getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(6).value).toBe(second.phone);
  });

  it('names the region, and the organisation with its TIN and invoice number', async () => {
    const product = await insertProduct(shop, { name: 'Maktab partasi', price: 300_000, stock: 10 });
    const school = await placeCompanyOrder(shop, product.id, 1);
    // Where it goes is the delivery's test: here only that the export names the region.
    await shop.database.db
      .update(orders)
      .set({ deliveryMethod: 'courier', deliveryRegion: 'samarkand' })
      .where(eq(orders.id, school._id));
    const rows = parseCsv((await download('?lang=en')).rawPayload.toString('utf8'));
    const header = rows[0]!;
    const row = rows.find((cells) => cells[0] === orderNumber(school._id))!;
    expect(row[header.indexOf('Delivery')]).toContain('Samarkand region');
    expect(row[header.indexOf('Organisation')]).toBe(SCHOOL.name);
    expect(row[header.indexOf('TIN')]).toBe(SCHOOL.tin);
    expect(row[header.indexOf('Invoice number')]).toBe(school.invoiceNumber);
  });

  it("gives a variant's label in the file's language and its SKU, in the last two columns", async () => {
    const desk = await insertProduct(shop, { name: 'Yozuv stoli', price: 1_400_000, stock: 10 });
    const order = await place(desk.id, 'Nodira', 1);
    await giveLineVariant(shop, order._id);
    const query = `?phoneNumber=${encodeURIComponent(order.phone)}`;
    const rows = parseCsv((await download(`${query}&lang=ru`)).rawPayload.toString('utf8'));
    expect(rows[0]!.slice(-2)).toEqual(['Вариант', 'Артикул']);
    expect(rows[1]!.slice(-2)).toEqual([OAK_DESK.label.ru, 'DESK-140-OAK']);
    expect(rows[1]![rows[0]!.indexOf('Товар')]).toBe('Yozuv stoli');

    const workbook = new ExcelJS.Workbook();
    const xlsx = await download(`${query}&lang=en&format=xlsx`);
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.getRow(1).getCell(20).value).toBe('Variant');
    expect(sheet.getRow(1).getCell(21).value).toBe('SKU');
    expect(sheet.getRow(2).getCell(20).value).toBe('140×70 cm · Oak');
    expect(sheet.getRow(2).getCell(21).value).toBe('DESK-140-OAK');
  });

  it('refuses a bad date, a period over a year or upside down, an unknown format: 400', async () => {
    for (const query of [
      '?startDate=2026-02-30',
      '?endDate=tomorrow',
      '?startDate=2025-01-01&endDate=2026-01-02',
      '?startDate=2026-03-02&endDate=2026-03-01',
      '?format=pdf',
      '?lang=de',
    ]) {
      const response = await download(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await download('?startDate=2025-03-02&endDate=2026-03-01')).statusCode).toBe(200);
  });

  it('is for staff only', async () => {
    expect((await download('', null)).statusCode).toBe(401);
    expect((await download('', customer)).statusCode).toBe(403);
  });
});
