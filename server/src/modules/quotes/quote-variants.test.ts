import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftShopDay, shopDay, type PlacedOrder, type PriceQuote } from '@shop/common';
import { SCHOOL } from '../../test/company-test-kit.js';
import { buildTestShop, createUser, uniquePhone, type TestShop, type TestUser } from '../../test/test-app.js';
import { insertDesk } from '../../test/variants.js';

/** A school asks a price for desks of one size and colour: the quote, and its order, name that variant. */
describe('quotes of products sold as variants', () => {
  let shop: TestShop;
  let manager: TestUser;
  let desk: Awaited<ReturnType<typeof insertDesk>>;

  beforeAll(async () => {
    shop = await buildTestShop();
    manager = await createUser(shop, 'manager');
    desk = await insertDesk(shop, manager, 'QV', {}, { 'QV-140-OAK': { stock: 50 } });
  });
  afterAll(() => shop.close());

  let addresses = 0;
  const ask = (item: Record<string, unknown>) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/quotes',
      remoteAddress: `10.61.0.${++addresses}`,
      payload: {
        contact: { name: 'Dilnoza Karimova', phoneNumber: uniquePhone(), company: '12-maktab' },
        items: [{ productId: desk.product.id, quantity: 30, ...item }],
      },
    });

  it('keeps the variant asked for, prices it by the variant and places the order of that variant', async () => {
    const asked = await ask({ variantId: desk.ids['QV-140-OAK'] });
    expect(asked.statusCode, asked.body).toBe(201);
    const { _id, key } = asked.json() as { _id: string; key: string };
    const quote: PriceQuote = (await shop.app.inject({ url: `/api/quotes/${_id}?key=${key}` })).json();
    expect(quote.items[0]).toMatchObject({
      quantity: 30,
      listPrice: 1_300_000,
      variant: { _id: desk.ids['QV-140-OAK'], sku: 'QV-140-OAK', label: { en: '140×70 cm · Oak' } },
    });

    const answered = await shop.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${_id}`,
      headers: manager.headers,
      payload: { lines: [{ price: 1_200_000 }], validUntil: shiftShopDay(shopDay(), 1) },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const accepted = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${_id}/accept`,
      payload: { key, buyer: SCHOOL, paymentMethod: 'bank_transfer' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order: PlacedOrder = accepted.json();
    expect(order.products[0]).toMatchObject({
      quantity: 30,
      price: 1_300_000,
      discountedPrice: 1_200_000,
      variant: { sku: 'QV-140-OAK' },
    });
    expect(order.total).toBe(30 * 1_200_000);
  });

  it('asks which variant when the request names none, or a colour several variants share', async () => {
    for (const item of [{}, { color: 'Oq' }]) {
      const response = await ask(item);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VARIANT_REQUIRED',
        errors: [{ path: 'items.0.variantId' }],
      });
    }
  });
});
