import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSom, lowestMonthly, type InstalmentTerms } from '@shop/common';
import { WEB_DIST_DIR } from '../../test/global-setup.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';

const TERMS: InstalmentTerms[] = [
  { months: 6, markupPercent: 26 },
  { months: 12, markupPercent: 44 },
];

type CachedQuery = { endpointName: string; status: string; data: unknown };

/** The page's HTML, and what its state hands the browser's cache. */
async function rendered(shop: TestShop, url: string) {
  const response = await shop.app.inject({ url });
  expect(response.statusCode).toBe(200);
  const doc = new JSDOM(response.body).window.document;
  const state = JSON.parse(doc.getElementById('page-state')!.textContent!) as {
    cache: { api: { queries: Record<string, CachedQuery> } };
  };
  const terms = Object.values(state.cache.api.queries).find(
    (query) => query.endpointName === 'getInstalmentTerms',
  );
  const monthly = [...doc.querySelectorAll('[data-testid="monthly-price"]')].map((line) => line.textContent);
  return { terms, monthly };
}

describe("a page's monthly prices come with its HTML (decision 026)", () => {
  const price = 1_250_000;
  let on: TestShop;
  let off: TestShop;
  let productId: string;

  beforeAll(async () => {
    on = await buildTestShop({
      webDistDir: WEB_DIST_DIR,
      payments: {
        uzum_nasiya: {
          token: 'uzum-partner-token-for-tests-0123456789',
          apiRoot: 'http://127.0.0.1:9',
          terms: TERMS,
          timeoutMs: 500,
          category: 7,
        },
      },
    });
    off = await buildTestShop({ webDistDir: WEB_DIST_DIR });
    productId = (await insertProduct(on, { name: 'Ofis stoli', price, isNewProduct: true })).id;
    await insertProduct(off, { name: 'Ofis stoli', price });
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('renders "from … a month" under the price on the product page, the listing and the home page', async () => {
    const expected = formatSom(lowestMonthly(price, TERMS)!.monthly, 'uz');
    for (const url of [`/product/${productId}`, '/products', '/']) {
      const { terms, monthly } = await rendered(on, url);
      expect(monthly.length, url).toBeGreaterThan(0);
      for (const line of monthly) expect(line, url).toContain(expected);
      // The browser is handed the terms, so it does not ask for them again after hydrating.
      expect(terms, url).toMatchObject({ status: 'fulfilled', data: { plans: TERMS } });
    }
  });

  it('hands the browser the empty terms of a shop without instalments, and shows no monthly price', async () => {
    const { terms, monthly } = await rendered(off, '/products');
    expect(monthly).toEqual([]);
    expect(terms).toMatchObject({ status: 'fulfilled', data: { plans: [] } });
  });
});
