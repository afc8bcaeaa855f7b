import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Order, type Product } from '@shop/common';
import type { Db } from '../../db/client.js';
import { shopUpgradedFrom } from '../../test/migrations.js';
import { createUser, stockOf, uniquePhone, type TestShop, type TestUser } from '../../test/test-app.js';

/** The migration that brought options and variants. */
const VARIANTS_MIGRATION = '0027_product-variants';
const CREATED_AT = '2026-11-01T08:00:00.000Z';
const DESK = newId();
const ORDER = newId();

/** A product and an order of it as the shop stored them before variants existed. */
async function seedBeforeVariants(db: Db): Promise<void> {
  await db.execute(sql`
      insert into products (id, name, description, price, category, color, stock, created_at, updated_at)
      values (${DESK}, 'Eski stol', 'Ikki tortmali stol', 900000, 'office', '{qora,oq}', 5,
              ${CREATED_AT}, ${CREATED_AT})`);
  await db.execute(sql`
      insert into orders (id, customer_name, phone_number, total, created_at, updated_at)
      values (${ORDER}, 'Aziz', '+998901110002', 1800000, ${CREATED_AT}, ${CREATED_AT})`);
  await db.execute(sql`
      insert into order_lines (order_id, position, product_id, color, quantity, price)
      values (${ORDER}, 0, ${DESK}, 'oq', 2, 900000)`);
}

describe(`migration ${VARIANTS_MIGRATION}`, () => {
  let shop: TestShop;
  let staff: TestUser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ shop, close } = await shopUpgradedFrom(VARIANTS_MIGRATION, seedBeforeVariants));
    staff = await createUser(shop, 'admin');
  });
  afterAll(() => close());

  const staffOrder = async (id: string) => {
    const response = await shop.app.inject({ url: `/api/orders/${id}`, headers: staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Order;
  };

  it('keeps an existing product the spec product, with no options and no variants', async () => {
    const response = await shop.app.inject({ url: `/api/products/${DESK}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      price: 900000,
      stock: 5,
      color: ['qora', 'oq'],
      options: [],
      variants: [],
    } satisfies Partial<Product>);
  });

  it('keeps an existing order line as it was: no variant, its stock returned whole on cancel', async () => {
    const before = await staffOrder(ORDER);
    expect(before.total).toBe(1800000);
    expect(before.products).toHaveLength(1);
    expect(before.products[0]).toMatchObject({ color: 'oq', quantity: 2, price: 900000 });
    expect(before.products[0]!.variant).toBeUndefined();

    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${ORDER}`,
      headers: staff.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(shop, DESK)).toBe(7);
  });

  it('sells the old product by colour as before', async () => {
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Yangi xaridor',
        phoneNumber: uniquePhone(),
        items: [{ productId: DESK, quantity: 1, color: 'qora' }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as Order).products[0]).toMatchObject({ color: 'qora', price: 900000 });
    expect(await stockOf(shop, DESK)).toBe(6);
  });
});
