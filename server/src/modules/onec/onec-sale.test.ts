import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema.js';
import { ordersBackXml } from '../../test/commerceml-fixtures.js';
import { exchange, TEST_ONEC } from '../../test/onec-kit.js';
import { orderRow, placeOrder } from '../../test/payment-test-kit.js';
import { buildTestShop, insertProduct, stockOf, type TestShop } from '../../test/test-app.js';

let shop: TestShop;

const query = async () => {
  const response = await exchange(shop, 'type=sale&mode=query');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/xml/);
  return response.body;
};
const documentIds = (xml: string) =>
  [...xml.matchAll(/<Документ><Ид>([^<]+)<\/Ид>/g)].map((match) => match[1]);

beforeAll(async () => {
  shop = await buildTestShop({ onec: TEST_ONEC });
});
afterAll(() => shop.close());

describe('1C exchange: orders', () => {
  it('sends each order changed since the last success, once 1C confirms it', async () => {
    const product = await insertProduct(shop, { name: 'Stol', price: 1_250_000, stock: 10 });
    const first = await placeOrder(shop, product.id, 'cash', 2);
    expect((await exchange(shop, 'type=sale&mode=checkauth')).body).toMatch(/^success\nonec_session\n/);
    expect((await exchange(shop, 'type=sale&mode=init')).body).toBe(
      `zip=no\nfile_limit=${TEST_ONEC.fileLimit}`,
    );
    const xml = await query();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<КоммерческаяИнформация ВерсияСхемы="2.05"/,
    );
    expect(documentIds(xml)).toEqual([first._id]);
    expect(xml).toContain('<ХозОперация>Заказ товара</ХозОперация>');
    expect(xml).toContain(`<Сумма>${(await orderRow(shop, first._id)).total}</Сумма>`);
    expect(xml).toContain('<Наименование>Stol</Наименование><БазоваяЕдиница');
    expect(xml).toContain('<Количество>2</Количество><Сумма>2500000</Сумма>');
    // Not confirmed: the next query sends it again.
    expect(documentIds(await query())).toEqual([first._id]);
    expect((await exchange(shop, 'type=sale&mode=success')).body).toBe('success');
    expect(documentIds(await query())).toEqual([]);

    const second = await placeOrder(shop, product.id, 'cash', 1);
    expect(documentIds(await query())).toEqual([second._id]);
    await exchange(shop, 'type=sale&mode=success');
    expect(documentIds(await query())).toEqual([]);
  });

  it('takes status changes back from 1C through the order writer, and does not send them back', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const cancelled = await placeOrder(shop, product.id, 'cash', 3);
    const posted = await placeOrder(shop, product.id, 'cash', 1);
    await query();
    await exchange(shop, 'type=sale&mode=success');
    expect(await stockOf(shop, product.id)).toBe(6);

    const back = ordersBackXml([
      { id: cancelled._id, details: { Отменен: 'true', 'Статус заказа': '[N] Принят' } },
      { id: posted._id, details: { Проведен: 'true', Отменен: 'false' } },
      { id: 'ffffffffffffffffffffffff', details: { Отменен: 'true' } },
    ]);
    const response = await exchange(shop, 'type=sale&mode=file&filename=orders-2026-11-21.xml', {
      body: back,
    });
    expect(response.body).toBe('success');
    expect((await orderRow(shop, cancelled._id)).status).toBe('cancelled');
    expect((await orderRow(shop, posted._id)).status).toBe('ordered');
    // The stock follows the cancel, as it does for staff.
    expect(await stockOf(shop, product.id)).toBe(9);
    const entries = await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, cancelled._id));
    expect(entries.map((entry) => entry.actorName)).toContain(`1C (${TEST_ONEC.user})`);
    expect(documentIds(await query())).toEqual([]);

    // The same file again changes nothing.
    const before = await shop.database.db
      .select({ updatedAt: orders.updatedAt })
      .from(orders)
      .where(eq(orders.id, cancelled._id));
    expect(
      (await exchange(shop, 'type=sale&mode=file&filename=orders-2026-11-21.xml', { body: back })).body,
    ).toBe('success');
    const after = await shop.database.db
      .select({ updatedAt: orders.updatedAt })
      .from(orders)
      .where(eq(orders.id, cancelled._id));
    expect(after).toEqual(before);
  });

  it('answers failure to a file it cannot read, and to a change the payments refuse, changing no order', async () => {
    const junk = await exchange(shop, 'type=sale&mode=file&filename=orders.xml', { body: 'not xml at all' });
    expect(junk.statusCode).toBe(200);
    expect(junk.body).toMatch(/^failure\n/);
    const product = await insertProduct(shop, { stock: 10 });
    const open = await placeOrder(shop, product.id, 'cash');
    const paid = await placeOrder(shop, product.id, 'cash');
    await shop.database.db
      .update(orders)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(orders.id, paid._id));
    const back = ordersBackXml([
      { id: open._id, details: { Проведен: 'true' } },
      { id: paid._id, details: { Отменен: 'true' } },
    ]);
    const refused = await exchange(shop, 'type=sale&mode=file&filename=orders.xml', { body: back });
    expect(refused.body).toMatch(/^failure\n/);
    expect((await orderRow(shop, open._id)).status).toBe('new');
    expect((await orderRow(shop, paid._id)).status).toBe('new');
  });
});
