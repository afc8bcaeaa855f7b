import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promoCodes } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  truncateAll,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

/* On PostgreSQL (TEST_DATABASE_URL) the orders truly run side by side; on PGlite one at a time. */

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await buildTestShop({ orderLimits: { enabled: false } });
  await truncateAll(shop);
  admin = await createUser(shop, 'admin');
});
afterAll(() => shop.close());

describe('racing orders for a limited code', () => {
  it('20 orders for a code limited to 3 uses: exactly 3 use it, 17 are told it is used up', async () => {
    const product = await insertProduct(shop, { price: 250_000, stock: 100 });
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/promo-codes',
      headers: admin.headers,
      payload: { code: 'RACE3', kind: 'percent', value: 20, maxUses: 3 },
    });
    expect(created.statusCode).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customerName: 'Racer',
            phoneNumber: uniquePhone(),
            items: [{ productId: product.id, quantity: 1, color: 'oq' }],
            promoCode: 'race3',
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 400)).toHaveLength(17);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json()).toMatchObject({ code: 'PROMO_CODE_INVALID', reason: 'used_up' });
    }
    const [row] = await shop.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'RACE3'));
    expect(row!.uses).toBe(3);
    const [withCode] = await shop.database.db
      .select({ total: count() })
      .from(orders)
      .where(isNotNull(orders.promoCode));
    expect(withCode!.total).toBe(3);
  });
});
