import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestDeliveryDay } from '@shop/common';
import { buildTestShop, createUser, uniquePhone, type TestShop, type TestUser } from '../../test/test-app.js';
import { insertDesk } from '../../test/variants.js';

/** Tashkent city: one lead day, Sundays closed (the shop's defaults). */
const withLead = (production: number) => earliestDeliveryDay(new Date(), 1 + production, [7]);

describe('delivery of made-to-order variants', () => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop({ orderLimits: { enabled: false } });
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  const quote = (productId: string, variantId: string, quantity: number) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/delivery/quote',
      payload: { region: 'tashkent-city', items: [{ productId, variantId, quantity }] },
    });
  const order = (productId: string, variantId: string, quantity: number, date: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customerName: 'Lead buyer',
        phoneNumber: uniquePhone(),
        items: [{ productId, variantId, quantity }],
        delivery: {
          method: 'courier',
          region: 'tashkent-city',
          address: { street: 'Amir Temur koʻchasi', house: '12' },
          floor: 1,
          lift: true,
          date,
          slot: '09-13',
          assembly: false,
        },
      },
    });

  it('starts the dates lead days later only beyond stock, prices by the variant, and checkout agrees', async () => {
    const prefix = `LEAD${Date.now().toString(36).toUpperCase()}`;
    const sofa = `${prefix}-140-WHITE`;
    const { product, ids } = await insertDesk(
      shop,
      admin,
      prefix,
      {},
      { [sofa]: { stock: 1, madeToOrder: true, leadDays: 12, price: 2_000_000 } },
    );
    const fromStock = await quote(product.id, ids[sofa]!, 1);
    expect(fromStock.statusCode).toBe(200);
    expect(fromStock.json()).toMatchObject({ goods: 2_000_000, earliestDate: withLead(0) });
    const beyond = (await quote(product.id, ids[sofa]!, 3)).json();
    expect(beyond).toMatchObject({ goods: 6_000_000, earliestDate: withLead(12) });
    expect(beyond.dates[0].date).toBe(withLead(12));

    const early = await order(product.id, ids[sofa]!, 3, withLead(0));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'DELIVERY_DATE_UNAVAILABLE' });
    const onTime = await order(product.id, ids[sofa]!, 3, withLead(12));
    expect(onTime.statusCode).toBe(201);
  });
});
