import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProducts } from '../../../seed/seed-demo.js';
import { buildTestShop, type TestShop } from '../../../test/test-app.js';
import { RELEVANCE_SET, scoreRelevance } from './relevance-set.js';

describe('search relevance over the demo catalogue', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await buildTestShop();
    await seedDemoProducts(shop.database.db, shop.app.services.products.images, { onlyIfEmpty: false });
  });
  afterAll(() => shop.close());

  it('has at least 60 queries in every way people type', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(RELEVANCE_SET.map((entry) => entry.kind));
    expect([...kinds].sort()).toEqual([
      'apostrophe',
      'english',
      'russian',
      'typo',
      'uz-cyrillic',
      'uz-latin',
    ]);
  });

  it('finds the expected product in the top five for ≥ 95 % of queries and first for ≥ 80 %', async () => {
    const score = await scoreRelevance(async (query) => {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/api/products',
        query: { search: query, limit: '5' },
      });
      expect(response.statusCode).toBe(200);
      return response.json().docs.map((product: { name: string }) => product.name);
    });
    expect(score.misses).toEqual([]);
    expect(score.inTopFive / score.queries).toBeGreaterThanOrEqual(0.95);
    expect(score.first / score.queries).toBeGreaterThanOrEqual(0.8);
  });
});
