import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@shop/common';
import { orders } from '../../db/schema.js';
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

/** RFC 4180 rows, enough for what the export writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  return rows;
}

beforeAll(async () => {
  shop = await buildTestShop();
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
    const rows = parseCsv(response.rawPayload.toString('utf8').slice(1));
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
    ]);
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
    expect(sheet.getRow(2).getCell(7).value).toBe(`'=HYPERLINK("http://evil")`);
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
