import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  stockOf,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { insertDesk } from '../../test/variants.js';

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  // Many shoppers from the one address inject uses: the per-address limit is not under test.
  shop = await buildTestShop({ orderLimits: { enabled: false } });
  admin = await createUser(shop, 'admin');
});
afterAll(() => shop.close());

describe('concurrent orders of one variant', () => {
  it('60 shoppers race for the last 7 units of one variant: exactly 7 sold, none below 0', async () => {
    const prefix = `RACE${Date.now().toString(36).toUpperCase()}`;
    const { product, ids } = await insertDesk(
      shop,
      admin,
      prefix,
      {},
      { [`${prefix}-140-OAK`]: { stock: 7 } },
    );
    const variantId = ids[`${prefix}-140-OAK`]!;
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customerName: 'Racer',
            phoneNumber: uniquePhone(),
            // Every fourth shopper also takes a unit of another variant: locks span two rows.
            items: [
              { productId: product.id, quantity: 1, variantId },
              ...(index % 4 === 0
                ? [{ productId: product.id, quantity: 1, variantId: ids[`${prefix}-120-OAK`] }]
                : []),
            ],
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(statuses.filter((status) => status === 409)).toHaveLength(53);
    const rows = await shop.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    const stocks = Object.fromEntries(rows.map((row) => [row.sku, row.stock]));
    expect(stocks[`${prefix}-140-OAK`]).toBe(0);
    expect(Object.values(stocks).every((stock) => stock >= 0)).toBe(true);
    expect(await stockOf(shop, product.id)).toBe(
      Object.values(stocks).reduce((sum, stock) => sum + stock, 0),
    );
  });
});
