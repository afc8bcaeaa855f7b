import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestDeliveryDay, isoWeekday, shiftShopDay } from '@shop/common';
import { deliverySettings, orders } from '../../db/schema.js';
import {
  buildTestShop,
  insertProduct,
  truncateAll,
  uniquePhone,
  type TestShop,
} from '../../test/test-app.js';

let shop: TestShop;

beforeAll(async () => {
  // Many orders from one test address: the limits on one shopper are another rule's test.
  shop = await buildTestShop({ orderLimits: { enabled: false } });
  await truncateAll(shop);
});
afterAll(async () => {
  await shop.database.db.update(deliverySettings).set({ slotCapacity: 8 }).where(eq(deliverySettings.id, 1));
  await shop.close();
});

const placeFor = (productId: string, date: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Racer',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity: 1, color: 'oq' }],
      delivery: {
        method: 'courier',
        region: 'tashkent-city',
        address: { street: 'Chilonzor', house: '1' },
        floor: 1,
        lift: true,
        date,
        slot: '13-18',
        assembly: false,
      },
    },
  });

describe('the last place in a slot', () => {
  it('goes to exactly one of the shoppers racing for it (each round: one wins, the rest get 409)', async () => {
    const capacity = 3;
    await shop.database.db
      .update(deliverySettings)
      .set({ slotCapacity: capacity })
      .where(eq(deliverySettings.id, 1));
    // Separate products, so the orders do not queue on one product's row lock before the slot.
    const racers = await Promise.all(Array.from({ length: 12 }, () => insertProduct(shop, { stock: 5 })));
    let date = shiftShopDay(earliestDeliveryDay(new Date(), 1, [7]), 2);
    if (isoWeekday(date) === 7) date = shiftShopDay(date, 1);
    // Fill all but one place, then race for it.
    for (const product of racers.slice(0, capacity - 1)) {
      expect((await placeFor(product.id, date)).statusCode).toBe(201);
    }
    const responses = await Promise.all(
      racers.slice(capacity - 1).map((product) => placeFor(product.id, date)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(racers.length - capacity);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().code).toBe('DELIVERY_SLOT_FULL');
    }
    const [filled] = await shop.database.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(eq(orders.deliveryDate, date), eq(orders.deliverySlot, '13-18'), ne(orders.status, 'cancelled')),
      );
    expect(filled!.n).toBe(capacity);
  });
});
