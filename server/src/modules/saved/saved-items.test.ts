import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WISHLIST_MAX_ITEMS, newId } from '@shop/common';
import { products, wishlistItems } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const WRITES_PER_MINUTE = 150;

let shop: TestShop;
let manager: TestUser;

beforeAll(async () => {
  shop = await buildTestShop({ rateLimits: { shopperWritesPerUserPerMinute: WRITES_PER_MINUTE } });
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());

const save = (user: TestUser, productId: string) =>
  shop.app.inject({ method: 'PUT', url: `/api/me/wishlist/${productId}`, headers: user.headers });
const unsave = (user: TestUser, productId: string) =>
  shop.app.inject({ method: 'DELETE', url: `/api/me/wishlist/${productId}`, headers: user.headers });
const merge = (user: TestUser, productIds: unknown) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/me/wishlist/merge',
    headers: user.headers,
    payload: { productIds },
  });

async function savedIds(user: TestUser): Promise<string[]> {
  const response = await shop.app.inject({ method: 'GET', url: '/api/me/wishlist', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().docs.map((product: { _id: string }) => product._id);
}

async function saveOk(user: TestUser, productId: string) {
  const response = await save(user, productId);
  expect(response.statusCode, response.body).toBe(204);
  expect(response.body).toBe('');
}

async function productIds(total: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < total; i += 1) ids.push((await insertProduct(shop, { name: `Saved ${i}` })).id);
  return ids;
}

describe('saved items', () => {
  it('lists saved products newest first, as full products with their rating', async () => {
    const customer = await createUser(shop, 'customer');
    const [desk, chair, shelf] = await productIds(3);
    await saveOk(customer, desk!);
    await saveOk(customer, chair!);
    await saveOk(customer, shelf!);
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/me/wishlist',
      headers: customer.headers,
    });
    expect(response.json().docs.map((p: { _id: string }) => p._id)).toEqual([shelf, chair, desk]);
    expect(response.json().docs[0]).toMatchObject({
      name: 'Saved 2',
      price: 100_000,
      rating: { average: null, count: 0 },
    });
  });

  it('saving twice or removing twice changes nothing and still answers 204', async () => {
    const customer = await createUser(shop, 'customer');
    const [first, second] = await productIds(2);
    await saveOk(customer, first!);
    await saveOk(customer, second!);
    await saveOk(customer, first!);
    expect(await savedIds(customer)).toEqual([second, first]);
    const rows = await shop.database.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, customer.id), eq(wishlistItems.productId, first!)));
    expect(rows).toHaveLength(1);

    expect((await unsave(customer, first!)).statusCode).toBe(204);
    expect((await unsave(customer, first!)).statusCode).toBe(204);
    expect(await savedIds(customer)).toEqual([second]);
  });

  it('a double tap (10 concurrent saves of one product) keeps one row and answers 204 to each', async () => {
    const customer = await createUser(shop, 'customer');
    const [desk] = await productIds(1);
    const responses = await Promise.all(Array.from({ length: 10 }, () => save(customer, desk!)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(204));
    const rows = await shop.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps each customer their own list', async () => {
    const one = await createUser(shop, 'customer');
    const other = await createUser(shop, 'customer');
    const [desk] = await productIds(1);
    await saveOk(one, desk!);
    expect(await savedIds(other)).toEqual([]);
    expect((await unsave(other, desk!)).statusCode).toBe(204);
    expect(await savedIds(one)).toEqual([desk]);
  });

  it('answers 404 for a product that does not exist, and 400 for an id that cannot be one', async () => {
    const customer = await createUser(shop, 'customer');
    for (const response of [await save(customer, newId()), await unsave(customer, newId())]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    }
    const bad = await save(customer, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'productId' }] });
  });

  it('cannot save a paused or deleted product', async () => {
    const customer = await createUser(shop, 'customer');
    const paused = await insertProduct(shop, { status: 'onPaused' });
    const deleted = await insertProduct(shop, { isDeleted: true });
    for (const product of [paused, deleted]) {
      const response = await save(customer, product.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    }
  });

  it('drops a product from the list while it is paused or deleted, and shows it again when restored', async () => {
    const customer = await createUser(shop, 'customer');
    const [kept, paused, deleted] = await productIds(3);
    for (const id of [kept, paused, deleted]) await saveOk(customer, id!);

    const edit = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${paused}`,
      headers: manager.headers,
      payload: { status: 'onPaused' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const removal = await shop.app.inject({
      method: 'DELETE',
      url: `/api/products/${deleted}`,
      headers: manager.headers,
    });
    expect(removal.statusCode).toBe(200);
    expect(await savedIds(customer)).toEqual([kept]);

    // A gone product can still be taken off the list, so it will not come back.
    expect((await unsave(customer, paused!)).statusCode).toBe(204);
    await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${deleted}/restore`,
      headers: manager.headers,
    });
    await shop.database.db.update(products).set({ status: 'active' }).where(eq(products.id, paused!));
    expect(await savedIds(customer)).toEqual([deleted, kept]);
  });

  it(`holds at most ${WISHLIST_MAX_ITEMS} products a shopper can see: one more is 409 WISHLIST_FULL`, async () => {
    const customer = await createUser(shop, 'customer');
    const ids = await productIds(WISHLIST_MAX_ITEMS + 1);
    await shop.database.db
      .insert(wishlistItems)
      .values(ids.slice(0, WISHLIST_MAX_ITEMS).map((productId) => ({ userId: customer.id, productId })));
    const full = await save(customer, ids[WISHLIST_MAX_ITEMS]!);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'WISHLIST_FULL', message: expect.any(String) });
    // Saving one already there is still fine, and a paused product frees its place.
    await saveOk(customer, ids[0]!);
    await shop.database.db.update(products).set({ status: 'onPaused' }).where(eq(products.id, ids[1]!));
    await saveOk(customer, ids[WISHLIST_MAX_ITEMS]!);
    expect(await savedIds(customer)).toHaveLength(WISHLIST_MAX_ITEMS);
  });

  it('is for signed-in customers: a guest gets 401, a staff account 403', async () => {
    const [desk] = await productIds(1);
    const guest = await shop.app.inject({ method: 'GET', url: '/api/me/wishlist' });
    expect(guest.statusCode).toBe(401);
    for (const response of [
      await shop.app.inject({ method: 'GET', url: '/api/me/wishlist', headers: manager.headers }),
      await save(manager, desk!),
      await merge(manager, [desk]),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});

describe("merging a guest's list at sign-in", () => {
  it('adds new products on top in the guest order, keeps saved ones in place, no duplicates', async () => {
    const customer = await createUser(shop, 'customer');
    const [a, b, c, d] = await productIds(4);
    await saveOk(customer, a!);
    await saveOk(customer, b!);
    // The guest saved c, then a (already on the account), then d; c appears twice.
    const response = await merge(customer, [c, a, d, c]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().docs.map((p: { _id: string }) => p._id)).toEqual([d, c, b, a]);
    expect(await savedIds(customer)).toEqual([d, c, b, a]);

    // The same merge again (a second sign-in) changes nothing.
    const again = await merge(customer, [c, a, d, c]);
    expect(again.json().docs.map((p: { _id: string }) => p._id)).toEqual([d, c, b, a]);
  });

  it('skips unknown, malformed, paused and deleted products', async () => {
    const customer = await createUser(shop, 'customer');
    const [kept] = await productIds(1);
    const paused = await insertProduct(shop, { status: 'onPaused' });
    const deleted = await insertProduct(shop, { isDeleted: true });
    const response = await merge(customer, [newId(), 'garbage', paused.id, kept, deleted.id, '']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().docs.map((p: { _id: string }) => p._id)).toEqual([kept]);
  });

  it('answers the current list for an empty guest list', async () => {
    const customer = await createUser(shop, 'customer');
    const [saved] = await productIds(1);
    await saveOk(customer, saved!);
    const response = await merge(customer, []);
    expect(response.statusCode).toBe(200);
    expect(response.json().docs.map((p: { _id: string }) => p._id)).toEqual([saved]);
  });

  it("fills the list only up to its limit, keeping the guest's latest saves", async () => {
    const customer = await createUser(shop, 'customer');
    const onAccount = await productIds(WISHLIST_MAX_ITEMS - 2);
    await shop.database.db
      .insert(wishlistItems)
      .values(onAccount.map((productId) => ({ userId: customer.id, productId })));
    const [older, middle, latest] = await productIds(3);
    const response = await merge(customer, [older, middle, latest]);
    const ids = response.json().docs.map((p: { _id: string }) => p._id);
    expect(ids).toHaveLength(WISHLIST_MAX_ITEMS);
    expect(ids.slice(0, 2)).toEqual([latest, middle]);
    expect(ids).not.toContain(older);
  });

  it('refuses a body that is not a list of ids, naming the field', async () => {
    const customer = await createUser(shop, 'customer');
    for (const productIds of ['abc', [1, 2], Array.from({ length: WISHLIST_MAX_ITEMS + 1 }, newId), null]) {
      const response = await merge(customer, productIds);
      expect(response.statusCode, JSON.stringify(productIds)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().errors[0].path).toMatch(/^productIds/);
    }
  });
});

describe('saved list rate limit', () => {
  it('answers a flood of changes from one account with 429 in the shop error shape, per account', async () => {
    const flooder = await createUser(shop, 'customer');
    const [desk] = await productIds(1);
    const statuses: number[] = [];
    for (let i = 0; i < WRITES_PER_MINUTE + 5; i += 1) {
      const response = i % 2 === 0 ? await save(flooder, desk!) : await unsave(flooder, desk!);
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(WRITES_PER_MINUTE);
    expect(statuses.slice(WRITES_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
    const limited = await merge(flooder, [desk]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/Try again/) });
    expect(limited.headers['retry-after']).toBeDefined();

    // Reading the list is not a write, and another customer is not held back.
    expect(
      (await shop.app.inject({ method: 'GET', url: '/api/me/wishlist', headers: flooder.headers }))
        .statusCode,
    ).toBe(200);
    const other = await createUser(shop, 'customer');
    await saveOk(other, desk!);
  });
});
