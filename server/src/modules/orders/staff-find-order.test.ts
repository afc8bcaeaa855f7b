import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@shop/common';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

/** Staff find an order by the number the shopper reads out, in any of its spellings. */
describe('GET /api/orders?orderNumber=', () => {
  let shop: TestShop;
  let manager: TestUser;
  const placed: string[] = [];

  beforeAll(async () => {
    shop = await buildTestShop();
    manager = await createUser(shop, 'manager');
    const product = await insertProduct(shop, { stock: 100 });
    for (let i = 0; i < 3; i += 1) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customerName: 'Number',
          phoneNumber: uniquePhone(),
          items: [{ productId: product.id, quantity: 1, color: 'oq' }],
        },
      });
      expect(response.statusCode).toBe(201);
      placed.push(response.json()._id);
    }
  });
  afterAll(() => shop.close());

  const find = (orderNumberText: string) =>
    shop.app.inject({
      method: 'GET',
      url: `/api/orders?orderNumber=${encodeURIComponent(orderNumberText)}`,
      headers: manager.headers,
    });

  it('finds the one order, with or without # and in either case', async () => {
    const id = placed[1]!;
    const shown = orderNumber(id);
    expect(shown).toMatch(/^#[0-9A-F]{6}$/);
    for (const typed of [shown, shown.slice(1), shown.toLowerCase(), ` ${shown.slice(1).toLowerCase()} `]) {
      const response = await find(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.json().docs.map((o: { _id: string }) => o._id)).toEqual([id]);
    }
  });

  it('answers an unknown number with an empty page and a malformed one with 400', async () => {
    const unknown = placed.every((id) => !id.endsWith('000000')) ? '#000000' : '#ffffff';
    expect((await find(unknown)).json()).toMatchObject({ docs: [], totalDocs: 0 });
    const bad = await find('#12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('is for staff only', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/orders?orderNumber=${placed[0]!.slice(-6)}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('tells the shopper the same number on the confirmation read', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${placed[0]}`,
      headers: manager.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().orderNumber).toBe(orderNumber(placed[0]!));
  });
});
