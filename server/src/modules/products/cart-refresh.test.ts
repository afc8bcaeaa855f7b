import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@shop/common';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

/** The cart refreshes all its lines in one call, and checkout says which line failed. */
describe('the cart against the catalogue', () => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop();
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  const listByIds = (ids: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url: `/api/products?ids=${ids}`, headers });

  describe('GET /api/products?ids=', () => {
    it('answers every listed product a shopper may see, on one page, whatever the page size', async () => {
      const shown = await Promise.all(Array.from({ length: 12 }, () => insertProduct(shop)));
      const paused = await insertProduct(shop, { status: 'onPaused' });
      const deleted = await insertProduct(shop, { isDeleted: true });
      const unknown = newId();
      const ids = [...shown.map((p) => p.id), paused.id, deleted.id, unknown].join(',');
      const response = await listByIds(ids);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page.docs.map((p: { _id: string }) => p._id).sort()).toEqual(shown.map((p) => p.id).sort());
      expect(page).toMatchObject({ totalDocs: 12, totalPages: 1, page: 1 });
    });

    it('shows staff the paused product too, with its current price and stock', async () => {
      const paused = await insertProduct(shop, { status: 'onPaused', price: 70_000, stock: 2 });
      const response = await listByIds(`${paused.id}&status=all`, admin.headers);
      expect(response.json().docs).toMatchObject([{ _id: paused.id, price: 70_000, stock: 2 }]);
    });

    it('refuses a bad id, an empty list or more than 50 ids with 400', async () => {
      for (const ids of ['nope', ',', Array.from({ length: 51 }, newId).join(',')]) {
        const response = await listByIds(ids);
        expect(response.statusCode, ids.slice(0, 30)).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('is documented in the OpenAPI description', async () => {
      const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const params = doc.paths['/api/products'].get.parameters as { name: string; description?: string }[];
      expect(params.find((p) => p.name === 'ids')?.description).toMatch(/Comma-separated product ids/);
    });
  });

  describe('POST /api/orders', () => {
    const order = (items: { productId: string; quantity: number; color?: string }[]) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { customerName: 'Dilnoza', phoneNumber: '+998901112233', items },
      });

    it('accepts a product that has no colours, with no colour chosen', async () => {
      const plain = await insertProduct(shop, { color: [], stock: 3 });
      const response = await order([{ productId: plain.id, quantity: 1 }]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().products).toMatchObject([{ color: '', quantity: 1 }]);
    });

    it('still asks for a colour when the product has some', async () => {
      const coloured = await insertProduct(shop, { color: ['oq'] });
      const response = await order([{ productId: coloured.id, quantity: 1 }]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'COLOR_UNAVAILABLE',
        errors: [{ path: 'items.0.color' }],
      });
    });

    it('names the product and the line of a 409', async () => {
      const fine = await insertProduct(shop, { stock: 5 });
      const short = await insertProduct(shop, { name: 'Short stool', stock: 1 });
      const gone = await insertProduct(shop, { name: 'Gone shelf', status: 'onPaused' });

      const outOfStock = await order([
        { productId: fine.id, quantity: 1, color: 'oq' },
        { productId: short.id, quantity: 2, color: 'oq' },
      ]);
      expect(outOfStock.statusCode).toBe(409);
      expect(outOfStock.json()).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: expect.stringContaining('Short stool'),
        errors: [{ path: 'items.1.quantity', message: expect.stringContaining('Short stool') }],
      });

      const unavailable = await order([
        { productId: fine.id, quantity: 1, color: 'oq' },
        { productId: gone.id, quantity: 1, color: 'oq' },
      ]);
      expect(unavailable.json()).toMatchObject({
        code: 'PRODUCT_UNAVAILABLE',
        message: expect.stringContaining('Gone shelf'),
        errors: [{ path: 'items.1' }],
      });
    });
  });
});
