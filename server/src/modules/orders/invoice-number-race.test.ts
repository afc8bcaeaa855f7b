import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '@shop/common';
import { invoiceCounters, orders } from '../../db/schema.js';
import { SCHOOL, shopperAddress } from '../../test/company-test-kit.js';
import {
  buildTestShop,
  insertProduct,
  truncateAll,
  uniquePhone,
  type TestShop,
} from '../../test/test-app.js';

let shop: TestShop;

beforeAll(async () => {
  shop = await buildTestShop();
  await truncateAll(shop);
});
afterAll(() => shop.close());

/**
 * Invoice numbers are taken in the order's transaction from the year's counter row: under
 * concurrent orders, with refusals and racing repeats among them, they run 1…N without a gap
 * or a repeat (on PostgreSQL the requests really overlap; PGlite runs them one at a time).
 */
describe('invoice numbers under concurrent orders', () => {
  it('are unique and sequential, with no gap left by a refused or repeated order', async () => {
    // The last ten hold two units, so a racing repeat reaches its invoice number and then fails on
    // the Idempotency-Key's unique index: its transaction rolls back and must give the number back.
    const products = await Promise.all(
      Array.from({ length: 30 }, (_, i) => insertProduct(shop, { stock: i < 20 ? 1 : 2 })),
    );
    const order = (productId: string, headers: Record<string, string> = {}, phoneNumber = uniquePhone()) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: shopperAddress(),
        headers,
        payload: {
          customerName: 'Dilnoza Karimova',
          phoneNumber,
          items: [{ productId, quantity: 1, color: 'oq' }],
          paymentMethod: 'bank_transfer',
          buyer: SCHOOL,
        },
      });
    const repeats = products.slice(20).flatMap((product, i) => {
      const key = `invoice-race-repeat-${String(i).padStart(4, '0')}`;
      const phone = uniquePhone();
      return [
        order(product.id, { 'idempotency-key': key }, phone),
        order(product.id, { 'idempotency-key': key }, phone),
      ];
    });
    const responses = await Promise.all([
      ...products.slice(0, 20).map((product) => order(product.id)),
      // A second buyer for each of the first ten: one of each pair is refused (out of stock).
      ...products.slice(0, 10).map((product) => order(product.id)),
      ...repeats,
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);

    const rows = await shop.database.db
      .select({ id: orders.id, invoiceNumber: orders.invoiceNumber })
      .from(orders)
      .where(isNotNull(orders.invoiceNumber));
    expect(rows).toHaveLength(30);
    const year = shopDay().slice(0, 4);
    const numbers = rows.map((row) => row.invoiceNumber!).sort();
    expect(numbers).toEqual(
      Array.from({ length: 30 }, (_, i) => `${year}-${String(i + 1).padStart(6, '0')}`),
    );
    const [counter] = await shop.database.db.select().from(invoiceCounters);
    expect(counter).toEqual({ year: Number(year), last: 30 });
    // Both answers to a repeated attempt name the one order and its one number.
    for (let i = 40; i < responses.length; i += 2) {
      expect(responses[i]!.json().invoiceNumber).toBe(responses[i + 1]!.json().invoiceNumber);
    }
  });
});
