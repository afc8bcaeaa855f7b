import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productForm } from '../../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../../test/test-app.js';

/** A made-up word (letters only, so no typo of it is a real word) that keeps a test's products apart. */
const uniqueWord = () =>
  `zq${randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** Inputs that must never make a 500 or a slow query. */
const hostile = [
  '',
  'a',
  'я',
  '🪑',
  '🪑🛋️🚪',
  '%',
  '_',
  '\\',
  '%_%',
  "' or 1=1 --",
  "'); drop table products; --",
  '.*',
  '(a|b)+$',
  '[[:alpha:]]',
  '$1 \\0 ${x}',
  'stol'.repeat(25),
  '\u0000',
  'ǆ̵̡̛̖̳̞̪̱̺̘̾̀̓̐̈́͌̚',
];

describe('catalogue languages and search (decision 012)', () => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop();
    admin = await createUser(shop, 'admin');
  });
  afterAll(() => shop.close());

  const list = (query: Record<string, string>) =>
    shop.app.inject({ method: 'GET', url: '/api/products', query });
  const names = async (query: Record<string, string>) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json().docs.map((product: { name: string }) => product.name) as string[];
  };
  const post = (body: object) =>
    shop.app.inject({ method: 'POST', url: '/api/products', payload: body, headers: admin.headers });
  const baseForm = (name: string) => ({
    name,
    description: 'Mustahkam mebel',
    price: 100_000,
    category: 'office',
  });

  describe('translations', () => {
    it('stores Russian and English text from a JSON body and a multipart form, and returns it', async () => {
      const word = uniqueWord();
      const created = await post({
        ...baseForm(`Ofis stoli ${word}`),
        translations: {
          ru: { name: `Офисный стол ${word}`, description: 'Прочный' },
          en: { name: `Desk ${word}` },
        },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().translations).toEqual({
        ru: { name: `Офисный стол ${word}`, description: 'Прочный' },
        en: { name: `Desk ${word}` },
      });
      const form = productForm({
        ...baseForm(`Kreslo ${word}`),
        translations: JSON.stringify({ en: { name: `Armchair ${word}`, description: 'Soft' } }),
      });
      const multipart = await shop.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: form.payload,
        headers: { ...admin.headers, ...form.headers },
      });
      expect(multipart.statusCode).toBe(201);
      expect(multipart.json().translations).toEqual({
        en: { name: `Armchair ${word}`, description: 'Soft' },
      });
      const read = await shop.app.inject({ method: 'GET', url: `/api/products/${created.json()._id}` });
      expect(read.json().translations.ru.name).toBe(`Офисный стол ${word}`);
    });

    it('merges an update per field: a sent field replaces, an empty one removes, the rest stays', async () => {
      const word = uniqueWord();
      const created = await post({
        ...baseForm(`Stol ${word}`),
        translations: { ru: { name: 'Стол', description: 'Описание' }, en: { name: 'Table' } },
      });
      const id = created.json()._id;
      const patched = await shop.app.inject({
        method: 'PATCH',
        url: `/api/products/${id}`,
        payload: { translations: { ru: { description: '' }, en: { description: 'A table' } } },
        headers: admin.headers,
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().translations).toEqual({
        ru: { name: 'Стол' },
        en: { name: 'Table', description: 'A table' },
      });
      // The search document follows the edit: the removed Russian description no longer finds it.
      expect(await names({ search: `${word} описание` })).toEqual([]);
      expect(await names({ search: `${word} table` })).toEqual([`Stol ${word}`]);
    });

    it.each([
      [{ ru: { name: 'я'.repeat(201) } }, 'translations.ru.name'],
      [{ en: { description: 'x'.repeat(5001) } }, 'translations.en.description'],
      [{ de: { name: 'Tisch' } }, 'translations'],
      [{ ru: { title: 'Стол' } }, 'translations.ru'],
      [{ ru: { name: 5 } }, 'translations.ru.name'],
      ['{not json', 'translations'],
    ])('refuses %j with 400 naming %s', async (translations, path) => {
      const response = await post({ ...baseForm(`Bad ${uniqueWord()}`), translations });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors.map((error: { path: string }) => error.path)).toContain(path);
    });

    it("carries the translations on order lines, so a lookup shows the shopper's language", async () => {
      const word = uniqueWord();
      const product = await insertProduct(shop, {
        name: `Parta ${word}`,
        translations: { ru: { name: `Парта ${word}` } },
      });
      const placed = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customerName: 'Aziz',
          phoneNumber: '+998901112233',
          items: [{ productId: product.id, quantity: 1, color: 'oq' }],
        },
      });
      expect(placed.statusCode).toBe(201);
      const line = placed.json().products?.[0] ?? placed.json().order?.products?.[0];
      expect(line.product.translations).toEqual({ ru: { name: `Парта ${word}` } });
    });
  });

  describe('search', () => {
    it('matches every language and both Uzbek scripts, any case and apostrophe', async () => {
      const word = uniqueWord();
      await insertProduct(shop, {
        name: `O'yinchoqlar shkafi ${word}`,
        description: "G'ildirakli",
        translations: { ru: { name: `Шкаф для игрушек ${word}` }, en: { name: `Toy cabinet ${word}` } },
      });
      const expected = [`O'yinchoqlar shkafi ${word}`];
      for (const query of [
        'ўйинчоқлар',
        'oʻyinchoqlar',
        'o‘yinchoqlar',
        'O’YINCHOQLAR',
        'o`yinchoqlar',
        'oʼyinchoqlar',
        'шкаф',
        'ИГРУШЕК',
        'toy cabinet',
        'ғилдиракли',
        'g‘ildirakli',
      ]) {
        expect(await names({ search: `${query} ${word}` }), query).toEqual(expected);
      }
    });

    it('forgives one typo in words of five letters or more, and none in shorter ones', async () => {
      const word = uniqueWord();
      await insertProduct(shop, { name: `Ergonomik kreslo ${word}`, description: 'stol' });
      const found = [`Ergonomik kreslo ${word}`];
      for (const typo of ['kerslo', 'kreso', 'kresslo', 'kresla', 'ergonomk']) {
        expect(await names({ search: `${typo} ${word}` }), typo).toEqual(found);
      }
      expect(await names({ search: `stlo ${word}` })).toEqual([]);
      expect(await names({ search: `krasla ${word}` })).toEqual([]);
    });

    it('puts name hits before description hits when no sort is asked, and obeys an explicit sort', async () => {
      const word = uniqueWord();
      const inName = await insertProduct(shop, {
        name: `Javon ${word}`,
        description: 'oddiy',
        price: 900,
        createdAt: new Date(Date.now() - 60_000),
      });
      const inDescription = await insertProduct(shop, {
        name: `Tokcha ${word}`,
        description: 'javon kabi',
        price: 100,
      });
      expect(await names({ search: `javon ${word}` })).toEqual([inName.name, inDescription.name]);
      expect(await names({ search: `javon ${word}`, sort: 'price_asc' })).toEqual([
        inDescription.name,
        inName.name,
      ]);
      expect(await names({ search: `javon ${word}`, sort: 'newest' })).toEqual([
        inDescription.name,
        inName.name,
      ]);
      // Relevance across pages: one per page, name hit first.
      const page1 = (await list({ search: `javon ${word}`, limit: '1', page: '1' })).json();
      const page2 = (await list({ search: `javon ${word}`, limit: '1', page: '2' })).json();
      expect([page1.docs[0].name, page2.docs[0].name]).toEqual([inName.name, inDescription.name]);
      expect(page1).toMatchObject({ totalDocs: 2, totalPages: 2 });
    });

    it.each(hostile)('answers search=%j with 200 or 400, quickly', async (search) => {
      const started = performance.now();
      const response = await list({ search });
      expect([200, 400]).toContain(response.statusCode);
      if (response.statusCode === 200) expect(Array.isArray(response.json().docs)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2000);
    });

    it('answers a 1000-character search with 400 naming the field', async () => {
      const response = await list({ search: 'x'.repeat(1000) });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain('search');
    });
  });

  describe('GET /api/products/suggest', () => {
    const suggest = (query: Record<string, string>) =>
      shop.app.inject({ method: 'GET', url: '/api/products/suggest', query });

    it('names a few active products in the asked language, name hits first, with price and image', async () => {
      const word = uniqueWord();
      await insertProduct(shop, {
        name: `Bar stuli ${word}`,
        price: 1000,
        isDiscounted: true,
        discountType: 'percentage',
        discountValue: 10,
        translations: { ru: { name: `Барный стул ${word}` } },
        createdAt: new Date(Date.now() - 60_000),
      });
      await insertProduct(shop, { name: `Kursi ${word}`, description: 'bar uchun' });
      await insertProduct(shop, { name: `Bar stuli pauza ${word}`, status: 'onPaused' });
      await insertProduct(shop, { name: `Bar stuli ochirilgan ${word}`, isDeleted: true });
      const response = await suggest({ q: `бар ${word}`, lang: 'ru' });
      expect(response.statusCode).toBe(200);
      expect(response.json().docs).toEqual([
        {
          _id: expect.any(String),
          name: `Барный стул ${word}`,
          price: 1000,
          discountedPrice: 900,
          image: '/uploads/products/test.webp',
        },
        {
          _id: expect.any(String),
          name: `Kursi ${word}`,
          price: 100_000,
          discountedPrice: null,
          image: '/uploads/products/test.webp',
        },
      ]);
      const english = await suggest({ q: `bar ${word}`, lang: 'en', limit: '1' });
      expect(english.json().docs.map((doc: { name: string }) => doc.name)).toEqual([`Bar stuli ${word}`]);
    });

    it.each(hostile)('answers q=%j with 200 or 400, never an error', async (q) => {
      const response = await suggest({ q });
      expect([200, 400]).toContain(response.statusCode);
    });

    it.each<Record<string, string>>([
      { limit: '0' },
      { limit: '11' },
      { limit: 'many' },
      { lang: 'de' },
      { q: 'x'.repeat(1000) },
    ])('refuses %j with 400', async (query) => {
      const response = await suggest({ q: 'stol', ...query });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    });

    it('answers an empty or one-letter q with no suggestions', async () => {
      for (const q of ['', ' ', 's']) expect((await suggest({ q })).json()).toEqual({ docs: [] });
    });
  });
});
