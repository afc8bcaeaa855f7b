import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@shop/common';
import { reviews } from '../../db/schema.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await buildTestShop();
});
afterAll(() => shop.close());

let minute = 0;
/** A review row as the review service would store it, each a minute newer than the last. */
async function review(productId: string, rating: number, extra: Partial<typeof reviews.$inferInsert> = {}) {
  minute += 1;
  const at = new Date(Date.UTC(2026, 10, 1, 10, minute));
  const id = newId();
  await shop.database.db.insert(reviews).values({
    id,
    productId,
    rating,
    text: `Review ${minute}`,
    author: 'Dilnoza K.',
    createdAt: at,
    updatedAt: at,
    ...extra,
  });
  return id;
}

const featured = (query = '') => shop.app.inject({ method: 'GET', url: `/api/reviews/featured${query}` });

describe('featured reviews for the home page', () => {
  it('is empty when the shop has no reviews (the home page then shows no block)', async () => {
    const response = await featured();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ docs: [] });
  });

  it('answers the newest published reviews of 4 stars or more, of visible products, with the product', async () => {
    const desk = await insertProduct(shop, {
      name: 'Ofis stoli',
      translations: { ru: { name: 'Офисный стол' } },
    });
    const paused = await insertProduct(shop, { status: 'onPaused' });
    const deleted = await insertProduct(shop, { isDeleted: true });
    const oldFive = await review(desk.id, 5);
    await review(desk.id, 3);
    await review(desk.id, 5, { status: 'hidden' });
    await review(paused.id, 5);
    await review(deleted.id, 5);
    await review(desk.id, 4, { text: '   ' });
    const four = await review(desk.id, 4);
    const newest = await review(desk.id, 5);

    const response = await featured();
    expect(response.statusCode).toBe(200);
    const { docs } = response.json() as { docs: { _id: string; product: unknown }[] };
    expect(docs.map((doc) => doc._id)).toEqual([newest, four, oldFive]);
    expect(docs[0]).toMatchObject({
      rating: 5,
      author: 'Dilnoza K.',
      product: { _id: desk.id, name: 'Ofis stoli', translations: { ru: { name: 'Офисный стол' } } },
    });
    expect((await featured('?limit=1')).json().docs).toHaveLength(1);
  });

  it('a bad limit is a 400 naming it', async () => {
    for (const query of ['?limit=0', '?limit=7', '?limit=x']) {
      const response = await featured(query);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('limit');
    }
  });
});
