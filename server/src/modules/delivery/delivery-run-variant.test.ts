import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { OAK_DESK, giveLineVariant } from '../../test/variant-lines.js';

/** The courier's run sheet names the variant to bring, so the right one leaves the warehouse. */
describe("the run sheet's lines", () => {
  let shop: TestShop;
  let manager: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop({ orderLimits: { enabled: false } });
    manager = await createUser(shop, 'manager');
  });
  afterAll(() => shop.close());

  it("gives a variant's SKU and label; a plain line stays name, colour and quantity", async () => {
    const desk = await insertProduct(shop, { name: 'Yozuv stoli', price: 1_400_000, stock: 10 });
    const shelf = await insertProduct(shop, { name: 'Javon', price: 300_000, stock: 10 });
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Dilnoza',
        phoneNumber: uniquePhone(),
        items: [
          { productId: desk.id, quantity: 1, color: 'oq' },
          { productId: shelf.id, quantity: 2, color: 'qora' },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ _id: string }>()._id;
    await giveLineVariant(shop, orderId);
    // Where and when it goes is the delivery's own test: here the order is simply on the run.
    await shop.database.db
      .update(orders)
      .set({
        deliveryMethod: 'courier',
        deliveryRegion: 'tashkent-city',
        deliveryAddress: { street: 'Amir Temur', house: '12' },
        deliveryDate: '2026-12-01',
        deliverySlot: '09-13',
      })
      .where(eq(orders.id, orderId));
    const runs = await shop.app.inject({
      url: '/api/delivery/runs?date=2026-12-01',
      headers: manager.headers,
    });
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json().docs[0].lines).toEqual([
      {
        name: 'Yozuv stoli',
        color: 'oq',
        quantity: 1,
        variant: { sku: 'DESK-140-OAK', label: OAK_DESK.label },
      },
      { name: 'Javon', color: 'qora', quantity: 2 },
    ]);
  });
});
