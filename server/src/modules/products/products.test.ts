import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@shop/common';
import { products } from '../../db/schema.js';
import { listFiles, makeImage } from '../../test/images.js';
import { imagePart, productForm, type FormFields, type FormPart } from '../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const PRODUCT_FIELDS = [
  '_id',
  'assemblyPrice',
  'category',
  'color',
  'createdAt',
  'description',
  'discountedPrice',
  'discounts',
  'ikpu',
  'images',
  'isDeleted',
  'isDiscounted',
  'isNewProduct',
  'name',
  'options',
  'packageCode',
  'price',
  'productImages',
  'rating',
  'status',
  'stock',
  'translations',
  'updatedAt',
  'variants',
  'vatPercent',
];
const DAY = 24 * 60 * 60 * 1000;
const STORED_IMAGE = /^\/uploads\/products\/[0-9a-f]{32}\.(jpg|png|webp|avif|gif)$/;

/** A word no other test uses: products named with it are found by `search` alone. */
const uniqueTag = () => `tag${randomBytes(5).toString('hex')}`;

describe('products API', () => {
  let shop: TestShop;
  let admin: TestUser;
  let manager: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await buildTestShop();
    admin = await createUser(shop, 'admin');
    manager = await createUser(shop, 'manager');
    customer = await createUser(shop, 'customer');
  });
  afterAll(() => shop.close());

  type Query = Record<string, string | number | undefined>;
  const list = (query: Query, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method: 'GET',
      url: '/api/products',
      query: Object.fromEntries(
        Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
      ),
      headers,
    });
  const expectStaffFilterRefused = async (query: Query, headers: Record<string, string>, named: string) => {
    const response = await list(query, headers);
    expect(response.statusCode, JSON.stringify(query)).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `Only staff may filter products by ${named}`,
    });
  };
  const listIds = async (query: Query, headers: Record<string, string> = {}) => {
    const response = await list(query, headers);
    expect(response.statusCode).toBe(200);
    return (response.json().docs as { _id: string }[]).map((doc) => doc._id);
  };
  const getOne = (id: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
  const postJson = (body: unknown, headers: Record<string, string> = admin.headers) =>
    shop.app.inject({ method: 'POST', url: '/api/products', payload: body as object, headers });
  const postForm = (
    fields: FormFields,
    files: readonly FormPart[] = [],
    headers: Record<string, string> = admin.headers,
  ) => {
    const form = productForm(fields, files);
    return shop.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
  };
  const patchJson = (id: string, body: unknown, headers: Record<string, string> = admin.headers) =>
    shop.app.inject({ method: 'PATCH', url: `/api/products/${id}`, payload: body as object, headers });
  const patchForm = (id: string, fields: FormFields, files: readonly FormPart[] = []) => {
    const form = productForm(fields, files);
    return shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
  };
  const rowOf = async (id: string) => {
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, id));
    return row;
  };
  const productCount = async () => {
    const [row] = await shop.database.db.select({ total: count() }).from(products);
    return row!.total;
  };
  const uploadsFiles = () => listFiles(shop.config.uploadsDir);
  const productsDir = () => path.join(shop.config.uploadsDir, 'products');
  const fileOf = (url: string) => path.join(productsDir(), path.basename(url));
  const thumbOf = (url: string) =>
    path.join(productsDir(), 'thumbs', path.basename(url).replace(/\.[a-z]+$/, '.webp'));

  const validForm = (name: string): FormFields => ({
    name,
    description: 'Solid oak desk',
    price: 150000,
    category: 'office',
    stock: 4,
  });

  describe('GET /api/products', () => {
    it('returns the paged shape with every product field', async () => {
      const tag = uniqueTag();
      const row = await insertProduct(shop, {
        name: `Oak desk ${tag}`,
        description: 'Wide desk',
        price: 200_000,
        category: 'school',
        color: ['oq', "ko'k"],
        productImages: ['/uploads/products/a.webp', 'b.webp'],
        stock: 3,
        isNewProduct: true,
        isDiscounted: true,
        discountType: 'percentage',
        discountValue: 10,
        discountStart: null,
        discountEnd: null,
      });
      const response = await list({ search: tag });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['docs', 'limit', 'page', 'totalDocs', 'totalPages']);
      expect(body).toMatchObject({ totalDocs: 1, totalPages: 1, page: 1, limit: 10 });
      expect(body.docs).toHaveLength(1);
      expect(Object.keys(body.docs[0]).sort()).toEqual(PRODUCT_FIELDS);
      expect(body.docs[0]).toEqual({
        _id: row.id,
        name: `Oak desk ${tag}`,
        description: 'Wide desk',
        price: 200_000,
        discountedPrice: 180_000,
        assemblyPrice: 0,
        isNewProduct: true,
        isDiscounted: true,
        discounts: { type: 'percentage', value: 10, startDate: null, endDate: null },
        category: 'school',
        color: ['oq', "ko'k"],
        productImages: ['/uploads/products/a.webp', 'b.webp'],
        images: [],
        stock: 3,
        isDeleted: false,
        status: 'active',
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        rating: { average: null, count: 0 },
        translations: {},
        ikpu: row.ikpu,
        packageCode: row.packageCode,
        vatPercent: 12,
        options: [],
        variants: [],
      });
    });

    it('pages with page and limit and reports the totals', async () => {
      const tag = uniqueTag();
      for (let i = 0; i < 5; i += 1) await insertProduct(shop, { name: `Chair ${i} ${tag}` });
      const page3 = (await list({ search: tag, page: 3, limit: 2 })).json();
      expect(page3).toMatchObject({ totalDocs: 5, totalPages: 3, page: 3, limit: 2 });
      expect(page3.docs).toHaveLength(1);
      const page1 = (await list({ search: tag, page: 1, limit: 2 })).json();
      expect(page1.docs).toHaveLength(2);
      const beyond = (await list({ search: tag, page: 9, limit: 2 })).json();
      expect(beyond).toMatchObject({ docs: [], totalDocs: 5, totalPages: 3, page: 9 });
      const empty = (await list({ search: uniqueTag() })).json();
      expect(empty).toEqual({ docs: [], totalDocs: 0, totalPages: 1, page: 1, limit: 10 });
    });

    it('caps limit at 100 and refuses bad page and limit values with 400', async () => {
      const atCap = await list({ limit: 100 });
      expect(atCap.statusCode).toBe(200);
      expect(atCap.json().limit).toBe(100);
      for (const query of [
        { limit: 101 },
        { limit: 0 },
        { limit: -1 },
        { limit: 'ten' },
        { limit: 2.5 },
        { page: 0 },
        { page: -3 },
        { page: 'x' },
      ]) {
        const response = await list(query);
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: expect.any(String),
          errors: expect.any(Array),
        });
      }
    });

    describe('status and soft delete visibility', () => {
      const tag = uniqueTag();
      const ids = {} as Record<'active' | 'paused' | 'deleted' | 'deletedPaused', string>;
      beforeAll(async () => {
        ids.active = (await insertProduct(shop, { name: `Active ${tag}` })).id;
        ids.paused = (await insertProduct(shop, { name: `Paused ${tag}`, status: 'onPaused' })).id;
        ids.deleted = (await insertProduct(shop, { name: `Deleted ${tag}`, isDeleted: true })).id;
        ids.deletedPaused = (
          await insertProduct(shop, { name: `Gone ${tag}`, isDeleted: true, status: 'onPaused' })
        ).id;
      });

      it('shows only active, not deleted products by default', async () => {
        expect(await listIds({ search: tag })).toEqual([ids.active]);
        expect(await listIds({ search: tag }, admin.headers)).toEqual([ids.active]);
      });

      it('refuses staff filters from guests and customers with a 400 that names them', async () => {
        const queries: [Query, string][] = [
          [{ status: 'all' }, 'status'],
          [{ status: 'onPaused' }, 'status'],
          [{ isDeleted: 'true' }, 'isDeleted'],
          [{ isDeleted: 'all' }, 'isDeleted'],
          [{ status: 'all', isDeleted: 'all' }, 'status, isDeleted'],
        ];
        for (const [query, named] of queries) {
          for (const headers of [{}, customer.headers]) {
            await expectStaffFilterRefused({ search: tag, ...query }, headers, named);
          }
        }
        // What a shopper sees anyway may be asked for.
        expect(await listIds({ search: tag, status: 'active', isDeleted: 'false' })).toEqual([ids.active]);
      });

      it('refuses unknown query parameters from anyone', async () => {
        for (const headers of [{}, admin.headers]) {
          const response = await list({ search: tag, colour: 'qizil' }, headers);
          expect(response.statusCode).toBe(400);
          expect(response.json().errors[0].message).toBe('Unknown query parameter: colour');
        }
      });

      it('lets staff see paused and deleted products with status and isDeleted', async () => {
        const sorted = (values: string[]) => [...values].sort();
        expect(await listIds({ search: tag, status: 'onPaused' }, manager.headers)).toEqual([ids.paused]);
        expect(sorted(await listIds({ search: tag, status: 'all' }, manager.headers))).toEqual(
          sorted([ids.active, ids.paused]),
        );
        expect(await listIds({ search: tag, isDeleted: 'true' }, admin.headers)).toEqual([ids.deleted]);
        expect(
          sorted(await listIds({ search: tag, status: 'all', isDeleted: 'true' }, admin.headers)),
        ).toEqual(sorted([ids.deleted, ids.deletedPaused]));
        expect(sorted(await listIds({ search: tag, isDeleted: 'all' }, admin.headers))).toEqual(
          sorted([ids.active, ids.deleted]),
        );
        const everything = await list({ search: tag, status: 'all', isDeleted: 'all' }, admin.headers);
        expect(everything.json().totalDocs).toBe(4);
        expect(sorted(everything.json().docs.map((doc: { _id: string }) => doc._id))).toEqual(
          sorted(Object.values(ids)),
        );
        expect(await listIds({ search: tag, isDeleted: 'false', status: 'all' }, admin.headers)).toHaveLength(
          2,
        );
      });
    });

    it('filters by category; category=all and no category mean every category', async () => {
      const tag = uniqueTag();
      const school = await insertProduct(shop, { name: `School ${tag}`, category: 'school' });
      const loft = await insertProduct(shop, { name: `Loft ${tag}`, category: 'loft' });
      const kinder = await insertProduct(shop, { name: `Kinder ${tag}`, category: 'kinder' });
      expect(await listIds({ search: tag, category: 'school' })).toEqual([school.id]);
      expect(await listIds({ search: tag, category: 'loft' })).toEqual([loft.id]);
      expect(await listIds({ search: tag, category: 'office' })).toEqual([]);
      expect((await listIds({ search: tag, category: 'all' })).sort()).toEqual(
        [school.id, loft.id, kinder.id].sort(),
      );
      expect((await listIds({ search: tag })).sort()).toEqual([school.id, loft.id, kinder.id].sort());
    });

    it('answers unknown category, status, sort, filter and isDeleted values with 400', async () => {
      const bad = [
        { category: 'kitchen' },
        { category: 'School' },
        { status: 'paused' },
        { status: 'deleted' },
        { sort: 'cheapest' },
        { sort: 'price' },
        { filter: 'sale' },
        { isDeleted: 'yes' },
        { isDiscounted: '1' },
        { search: 'x'.repeat(101) },
      ];
      for (const query of bad) {
        for (const headers of [{}, admin.headers]) {
          const response = await list(query, headers);
          expect(response.statusCode, JSON.stringify(query)).toBe(400);
          const body = response.json();
          expect(body.code).toBe('VALIDATION_ERROR');
          expect(body.errors.map((error: { path: string }) => error.path)).toContain(Object.keys(query)[0]);
        }
      }
    });

    it('searches name and description case-insensitively', async () => {
      const tag = uniqueTag();
      const byName = await insertProduct(shop, { name: `Walnut BOOKSHELF ${tag}`, description: 'tall' });
      const byDescription = await insertProduct(shop, {
        name: `Rack ${tag}`,
        description: 'A bookshelf for the loft',
      });
      await insertProduct(shop, { name: `Stool ${tag}`, description: 'three legs' });
      const term = `${tag}`.toUpperCase();
      expect((await listIds({ search: term })).sort()).toHaveLength(3);
      expect(
        (await listIds({ search: 'bookSHELF', limit: 100, sort: 'newest' }))
          .filter((id) => [byName.id, byDescription.id].includes(id))
          .sort(),
      ).toEqual([byName.id, byDescription.id].sort());
      expect(await listIds({ search: `walnut bookshelf ${tag}` })).toEqual([byName.id]);
      expect(await listIds({ search: `  RACK ${tag.toUpperCase()}  ` })).toEqual([byDescription.id]);
    });

    it('never treats %, _ or \\ in the search as wildcards: punctuation is not searched', async () => {
      const tag = uniqueTag();
      const percent = await insertProduct(shop, { name: `${tag} 50% off` });
      const underscore = await insertProduct(shop, { name: `${tag} ab_cd` });
      await insertProduct(shop, { name: `${tag} axb` });
      const backslash = await insertProduct(shop, { name: `${tag} cd\\ef` });
      expect(await listIds({ search: `${tag} 50%` })).toEqual([percent.id]);
      expect(await listIds({ search: `${tag} ab_cd` })).toEqual([underscore.id]);
      expect(await listIds({ search: `${tag} cd\\ef` })).toEqual([backslash.id]);
      for (const search of ['%', '_', '\\', '%%%', '_%_']) {
        const response = await list({ search });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ docs: [], totalDocs: 0 });
      }
    });

    it('sorts by newest, price_asc and price_desc over the whole result, across pages', async () => {
      const tag = uniqueTag();
      const base = Date.now() - 10 * DAY;
      // Creation order differs from price order, so one cannot pass for the other.
      const specs = [
        { price: 300, age: 4 },
        { price: 100, age: 2 },
        { price: 500, age: 5 },
        { price: 200, age: 1 },
        { price: 400, age: 3 },
      ];
      const rows = [];
      for (const spec of specs) {
        rows.push(
          await insertProduct(shop, {
            name: `Sort ${spec.price} ${tag}`,
            price: spec.price,
            createdAt: new Date(base - spec.age * DAY),
          }),
        );
      }
      const allPages = async (sort?: string) => {
        const seen: number[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const body = (await list({ search: tag, limit: 2, page, ...(sort && { sort }) })).json();
          expect(body).toMatchObject({ totalDocs: 5, totalPages: 3 });
          seen.push(...body.docs.map((doc: { price: number }) => doc.price));
        }
        return seen;
      };
      expect(await allPages('price_asc')).toEqual([100, 200, 300, 400, 500]);
      expect(await allPages('price_desc')).toEqual([500, 400, 300, 200, 100]);
      expect(await allPages('newest')).toEqual([200, 100, 400, 300, 500]);
      expect(await allPages()).toEqual([200, 100, 400, 300, 500]);
    });

    it('filter=new shows only new products', async () => {
      const tag = uniqueTag();
      const fresh = await insertProduct(shop, { name: `New ${tag}`, isNewProduct: true });
      await insertProduct(shop, { name: `Old ${tag}`, isNewProduct: false });
      expect(await listIds({ search: tag, filter: 'new' })).toEqual([fresh.id]);
      expect(await listIds({ search: tag })).toHaveLength(2);
    });

    describe('discounts', () => {
      const tag = uniqueTag();
      const now = Date.now();
      const rows = {} as Record<string, Awaited<ReturnType<typeof insertProduct>>>;
      beforeAll(async () => {
        const discounted = (
          name: string,
          type: 'percentage' | 'fixed',
          value: number,
          price: number,
          start: number | null,
          end: number | null,
        ) =>
          insertProduct(shop, {
            name: `${name} ${tag}`,
            price,
            isDiscounted: true,
            discountType: type,
            discountValue: value,
            discountStart: start === null ? null : new Date(start),
            discountEnd: end === null ? null : new Date(end),
          });
        rows.running = await discounted('Running', 'percentage', 50, 1005, now - DAY, now + DAY);
        rows.always = await discounted('Always', 'percentage', 33, 999, null, null);
        rows.fixed = await discounted('Fixed', 'fixed', 300, 1000, now - DAY, null);
        rows.fixedBelowZero = await discounted('Free', 'fixed', 5000, 1000, null, now + DAY);
        rows.ended = await discounted('Ended', 'percentage', 20, 1000, now - 3 * DAY, now - DAY);
        rows.future = await discounted('Future', 'percentage', 20, 1000, now + DAY, now + 3 * DAY);
        rows.switchedOff = await insertProduct(shop, {
          name: `Off ${tag}`,
          price: 1000,
          isDiscounted: false,
          discountType: 'percentage',
          discountValue: 20,
        });
        rows.plain = await insertProduct(shop, { name: `Plain ${tag}`, price: 1000 });
      });

      it('filter=discount shows only discounts running now', async () => {
        const ids = await listIds({ search: tag, filter: 'discount', limit: 100 });
        expect(ids.sort()).toEqual(
          [rows.running!.id, rows.always!.id, rows.fixed!.id, rows.fixedBelowZero!.id].sort(),
        );
      });

      it('computes discountedPrice inside the window only: percentage rounded, fixed floored at 0', async () => {
        const body = (await list({ search: tag, limit: 100 })).json();
        const priceOf = (id: string) =>
          body.docs.find((doc: { _id: string }) => doc._id === id).discountedPrice;
        expect(body.totalDocs).toBe(8);
        expect(priceOf(rows.running!.id)).toBe(503); // round(1005 × 50 / 100) = round(502.5)
        expect(priceOf(rows.always!.id)).toBe(669); // round(999 × 67 / 100) = round(669.33)
        expect(priceOf(rows.fixed!.id)).toBe(700);
        expect(priceOf(rows.fixedBelowZero!.id)).toBe(0);
        expect(priceOf(rows.ended!.id)).toBeNull();
        expect(priceOf(rows.future!.id)).toBeNull();
        expect(priceOf(rows.switchedOff!.id)).toBeNull();
        expect(priceOf(rows.plain!.id)).toBeNull();
        // The detail agrees with the list.
        expect((await getOne(rows.running!.id)).json().discountedPrice).toBe(503);
        expect((await getOne(rows.ended!.id)).json()).toMatchObject({
          discountedPrice: null,
          isDiscounted: true,
          price: 1000,
        });
      });

      it('honours isDiscounted for staff only', async () => {
        const discountedIds = [
          rows.running,
          rows.always,
          rows.fixed,
          rows.fixedBelowZero,
          rows.ended,
          rows.future,
        ]
          .map((row) => row!.id)
          .sort();
        expect(
          (await listIds({ search: tag, isDiscounted: 'true', limit: 100 }, manager.headers)).sort(),
        ).toEqual(discountedIds);
        expect(
          (await listIds({ search: tag, isDiscounted: 'false', limit: 100 }, manager.headers)).sort(),
        ).toEqual([rows.switchedOff!.id, rows.plain!.id].sort());
        await expectStaffFilterRefused({ search: tag, isDiscounted: 'true' }, {}, 'isDiscounted');
        await expectStaffFilterRefused(
          { search: tag, isDiscounted: 'false' },
          customer.headers,
          'isDiscounted',
        );
      });
    });

    it('honours the colour filter (comma list, any of) for staff only', async () => {
      const tag = uniqueTag();
      const red = await insertProduct(shop, { name: `Red ${tag}`, color: ['qizil', 'oq'] });
      const green = await insertProduct(shop, { name: `Green ${tag}`, color: ['yashil'] });
      const black = await insertProduct(shop, { name: `Black ${tag}`, color: ['qora'] });
      expect(await listIds({ search: tag, color: 'qizil' }, admin.headers)).toEqual([red.id]);
      expect((await listIds({ search: tag, color: 'qizil, yashil' }, admin.headers)).sort()).toEqual(
        [red.id, green.id].sort(),
      );
      expect(await listIds({ search: tag, color: 'pushti' }, admin.headers)).toEqual([]);
      expect((await listIds({ search: tag })).sort()).toEqual([red.id, green.id, black.id].sort());
      await expectStaffFilterRefused({ search: tag, color: 'qizil' }, {}, 'color');
      await expectStaffFilterRefused({ search: tag, color: 'pushti' }, customer.headers, 'color');
    });

    it('updates totalDocs right after a create, delete and restore', async () => {
      const tag = uniqueTag();
      await insertProduct(shop, { name: `Counted ${tag}` });
      const total = async () => (await list({ search: tag })).json().totalDocs as number;
      expect(await total()).toBe(1);
      const created = await postJson({ ...validForm(`Counted two ${tag}`) });
      expect(created.statusCode).toBe(201);
      expect(await total()).toBe(2);
      const id = created.json()._id;
      expect(
        (await shop.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.headers }))
          .statusCode,
      ).toBe(200);
      expect(await total()).toBe(1);
      expect(
        (
          await shop.app.inject({
            method: 'PATCH',
            url: `/api/products/${id}/restore`,
            headers: admin.headers,
          })
        ).statusCode,
      ).toBe(200);
      expect(await total()).toBe(2);
      expect((await patchJson(id, { status: 'onPaused' })).statusCode).toBe(200);
      expect(await total()).toBe(1);
    });
  });

  describe('GET /api/products/:id', () => {
    it('returns the product with the full product shape', async () => {
      const row = await insertProduct(shop, { name: 'Detail desk', color: ['oq'] });
      const response = await getOne(row.id);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(PRODUCT_FIELDS);
      expect(body).toMatchObject({
        _id: row.id,
        name: 'Detail desk',
        description: 'A sturdy test desk',
        price: 100_000,
        discountedPrice: null,
        discounts: null,
        isDiscounted: false,
        isNewProduct: false,
        category: 'office',
        color: ['oq'],
        productImages: ['/uploads/products/test.webp'],
        stock: 10,
        isDeleted: false,
        status: 'active',
        createdAt: row.createdAt.toISOString(),
      });
    });

    it('answers a malformed id with 400 and an unknown id with 404 PRODUCT_NOT_FOUND', async () => {
      for (const id of [
        'abc',
        '123',
        'ZZZZZZZZZZZZZZZZZZZZZZZZ',
        `${newId()}0`,
        newId().toUpperCase(),
        "1' or '1'='1",
      ]) {
        const response = await getOne(encodeURIComponent(id));
        expect(response.statusCode, id).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      const missing = await getOne(newId());
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: expect.any(String) });
    });

    it('hides deleted and paused products from guests and customers, not from staff', async () => {
      const deleted = await insertProduct(shop, { isDeleted: true });
      const paused = await insertProduct(shop, { status: 'onPaused' });
      for (const row of [deleted, paused]) {
        for (const headers of [{}, customer.headers]) {
          const response = await getOne(row.id, headers);
          expect(response.statusCode).toBe(404);
          expect(response.json().code).toBe('PRODUCT_NOT_FOUND');
        }
        for (const headers of [manager.headers, admin.headers]) {
          const response = await getOne(row.id, headers);
          expect(response.statusCode).toBe(200);
          expect(response.json()._id).toBe(row.id);
        }
      }
      expect((await getOne(deleted.id, admin.headers)).json().isDeleted).toBe(true);
      expect((await getOne(paused.id, admin.headers)).json().status).toBe('onPaused');
    });
  });

  describe('POST /api/products', () => {
    it('creates a product from a multipart form and stores every field', async () => {
      const tag = uniqueTag();
      const response = await postForm({
        name: `  Loft table ${tag} `,
        description: 'Steel and oak',
        price: '1250000',
        assemblyPrice: '90000',
        category: 'loft',
        stock: '12',
        color: 'oq, qora ,kulrang',
        status: 'onPaused',
        isDiscounted: 'true',
        isNewProduct: 'true',
        discounts: JSON.stringify({
          type: 'fixed',
          value: 250000,
          startDate: '2020-01-01T00:00:00.000Z',
          endDate: null,
        }),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(PRODUCT_FIELDS);
      expect(body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: `Loft table ${tag}`,
        description: 'Steel and oak',
        price: 1_250_000,
        assemblyPrice: 90_000,
        discountedPrice: 1_000_000,
        isNewProduct: true,
        isDiscounted: true,
        discounts: { type: 'fixed', value: 250_000, startDate: '2020-01-01T00:00:00.000Z', endDate: null },
        category: 'loft',
        color: ['oq', 'qora', 'kulrang'],
        productImages: [],
        images: [],
        stock: 12,
        isDeleted: false,
        status: 'onPaused',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        rating: { average: null, count: 0 },
        translations: {},
        ikpu: null,
        packageCode: null,
        vatPercent: 12,
        options: [],
        variants: [],
      });
      expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000);
      const row = await rowOf(body._id);
      expect(row).toMatchObject({
        name: `Loft table ${tag}`,
        price: 1_250_000,
        assemblyPrice: 90_000,
        category: 'loft',
        stock: 12,
        color: ['oq', 'qora', 'kulrang'],
        status: 'onPaused',
        isDiscounted: true,
        isNewProduct: true,
        discountType: 'fixed',
        discountValue: 250_000,
        discountEnd: null,
        isDeleted: false,
      });
      expect(row!.discountStart?.toISOString()).toBe('2020-01-01T00:00:00.000Z');
      // The id is random: two products made at once get different SKUs.
      const other = await postJson(validForm(`Other ${tag}`));
      expect(other.json()._id.slice(0, 8)).not.toBe(body._id.slice(0, 8));
    });

    it('creates a product from JSON with the product defaults', async () => {
      const response = await postJson({
        name: 'Plain stool',
        description: 'Pine',
        price: 50000,
        category: 'kinder',
        stock: 0,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        name: 'Plain stool',
        price: 50000,
        category: 'kinder',
        stock: 0,
        color: [],
        status: 'active',
        isDiscounted: false,
        isNewProduct: false,
        discounts: null,
        discountedPrice: null,
        productImages: [],
        isDeleted: false,
      });
      const row = await rowOf(response.json()._id);
      expect(row).toMatchObject({
        color: [],
        status: 'active',
        isDiscounted: false,
        discountType: null,
        productImages: [],
      });
    });

    it('accepts colours as a comma string, a JSON list, a JSON array or repeated fields', async () => {
      const colorsOf = async (response: Awaited<ReturnType<typeof postJson>>) => {
        expect(response.statusCode).toBe(201);
        expect((await rowOf(response.json()._id))!.color).toEqual(response.json().color);
        return response.json().color;
      };
      expect(
        await colorsOf(await postForm({ ...validForm('Comma'), color: ' qizil ,yashil,, qizil' })),
      ).toEqual(['qizil', 'yashil']);
      expect(
        await colorsOf(
          await postForm({ ...validForm('Json list'), color: JSON.stringify(['sariq', "ko'k"]) }),
        ),
      ).toEqual(['sariq', "ko'k"]);
      expect(
        await colorsOf(await postForm({ ...validForm('Repeated'), color: ['oq', 'qora', 'pushti'] })),
      ).toEqual(['oq', 'qora', 'pushti']);
      expect(await colorsOf(await postJson({ ...validForm('Array'), color: ['oltin', 'kumush'] }))).toEqual([
        'oltin',
        'kumush',
      ]);
      expect(await colorsOf(await postJson({ ...validForm('Comma JSON'), color: 'oltin,kumush' }))).toEqual([
        'oltin',
        'kumush',
      ]);
      expect(await colorsOf(await postForm({ ...validForm('Empty'), color: '' }))).toEqual([]);
    });

    it('takes discounts as a JSON string or an object; a plain end date covers the whole Tashkent day', async () => {
      const asString = await postForm({
        ...validForm('Discount string'),
        isDiscounted: 'true',
        discounts: JSON.stringify({
          type: 'percentage',
          value: 15,
          startDate: '2030-06-01',
          endDate: '2030-06-15',
        }),
      });
      expect(asString.statusCode).toBe(201);
      expect(asString.json().discounts).toEqual({
        type: 'percentage',
        value: 15,
        startDate: '2030-05-31T19:00:00.000Z',
        endDate: '2030-06-15T18:59:59.999Z',
      });
      expect(asString.json().discountedPrice).toBeNull(); // the window has not opened yet
      const row = await rowOf(asString.json()._id);
      expect(row!.discountEnd!.toISOString()).toBe('2030-06-15T18:59:59.999Z');
      expect(row!.discountStart!.toISOString()).toBe('2030-05-31T19:00:00.000Z');

      const asObject = await postJson({
        ...validForm('Discount object'),
        price: 1000,
        isDiscounted: true,
        discounts: { type: 'percentage', value: 25, startDate: '', endDate: null },
      });
      expect(asObject.statusCode).toBe(201);
      expect(asObject.json()).toMatchObject({
        discountedPrice: 750,
        discounts: { type: 'percentage', value: 25, startDate: null, endDate: null },
      });
    });

    it('ignores discount details when the product is not discounted', async () => {
      const response = await postJson({
        ...validForm('Not discounted'),
        isDiscounted: false,
        discounts: { type: 'percentage', value: 25, startDate: null, endDate: null },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ isDiscounted: false, discounts: null, discountedPrice: null });
    });

    it("rounds a price with decimals to whole so'm", async () => {
      const up = await postForm({ ...validForm('Round up'), price: '1234.5' });
      expect(up.statusCode).toBe(201);
      expect(up.json().price).toBe(1235);
      const down = await postJson({ ...validForm('Round down'), price: 1234.49 });
      expect(down.json().price).toBe(1234);
      expect((await rowOf(down.json()._id))!.price).toBe(1234);
    });

    describe('bad input gets 400 and stores nothing', () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['isDiscounted without discounts', { isDiscounted: true }, 'discounts'],
        [
          'a percentage above 100',
          {
            isDiscounted: true,
            discounts: { type: 'percentage', value: 101, startDate: null, endDate: null },
          },
          'discounts.value',
        ],
        [
          'a negative discount',
          { isDiscounted: true, discounts: { type: 'fixed', value: -5, startDate: null, endDate: null } },
          'discounts.value',
        ],
        [
          'an unknown discount type',
          { isDiscounted: true, discounts: { type: 'bogo', value: 5, startDate: null, endDate: null } },
          'discounts.type',
        ],
        [
          'an end before the start',
          {
            isDiscounted: true,
            discounts: { type: 'fixed', value: 5, startDate: '2030-02-01', endDate: '2030-01-31' },
          },
          'discounts.endDate',
        ],
        [
          'a malformed discount date',
          {
            isDiscounted: true,
            discounts: { type: 'fixed', value: 5, startDate: 'tomorrow', endDate: null },
          },
          'discounts.startDate',
        ],
        ['discounts that are not JSON', { isDiscounted: true, discounts: '{type: percentage' }, 'discounts'],
        ['a negative price', { price: -1 }, 'price'],
        ['a huge price', { price: 1e11 }, 'price'],
        ['a price that is not a number', { price: 'cheap' }, 'price'],
        ['a price that is an object', { price: { amount: 5 } }, 'price'],
        ['a negative stock', { stock: -1 }, 'stock'],
        ['a fractional stock', { stock: 1.5 }, 'stock'],
        ['a huge stock', { stock: 1e9 }, 'stock'],
        ['a 100 KB name', { name: 'n'.repeat(100 * 1024) }, 'name'],
        ['a 100 KB description', { description: 'd'.repeat(100 * 1024) }, 'description'],
        ['an empty name', { name: '   ' }, 'name'],
        ['a name that is a number', { name: 12345 }, 'name'],
        ['a missing name', { name: undefined }, 'name'],
        ['a missing price', { price: undefined }, 'price'],
        ['a missing category', { category: undefined }, 'category'],
        ['an unknown category', { category: 'kitchen' }, 'category'],
        ['an unknown status', { status: 'paused' }, 'status'],
        ['a non-boolean isNewProduct', { isNewProduct: 'maybe' }, 'isNewProduct'],
        ['colours that are not a list', { color: { oq: true } }, 'color'],
        ['a colour with markup', { color: ['<script>'] }, 'color.0'],
      ];
      it.each(cases)('%s (JSON)', async (_label, change, errorPath) => {
        const tag = uniqueTag();
        const before = await productCount();
        const response = await postJson({ ...validForm(`Bad ${tag}`), ...change });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(body.errors.map((error: { path: string }) => error.path)).toContain(errorPath);
        expect(await productCount()).toBe(before);
      });

      it('refuses the same as a multipart form, with a valid image attached, and writes no file', async () => {
        const image = await makeImage('png');
        const filesBefore = await uploadsFiles();
        const before = await productCount();
        const forms: FormFields[] = [
          { ...validForm('Bad form'), isDiscounted: 'true' },
          {
            ...validForm('Bad form'),
            isDiscounted: 'true',
            discounts: JSON.stringify({ type: 'percentage', value: 150 }),
          },
          { ...validForm('Bad form'), price: '-10' },
          { ...validForm('Bad form'), stock: 'many' },
          { ...validForm('Bad form'), name: 'x'.repeat(100 * 1024) },
          { ...validForm('Bad form'), category: 'garden' },
        ];
        for (const fields of forms) {
          const response = await postForm(fields, [imagePart(image, 'photo.png', 'image/png')]);
          expect(response.statusCode, JSON.stringify(fields).slice(0, 200)).toBe(400);
          expect(response.json().code).toBe('VALIDATION_ERROR');
        }
        expect(await productCount()).toBe(before);
        expect(await uploadsFiles()).toEqual(filesBefore);
      });

      it('refuses a body that is not an object', async () => {
        const before = await productCount();
        for (const payload of ['[1,2]', '"desk"', 'null', '{"name":']) {
          const response = await shop.app.inject({
            method: 'POST',
            url: '/api/products',
            payload,
            headers: { ...admin.headers, 'content-type': 'application/json' },
          });
          expect(response.statusCode, payload).toBe(400);
          expect(response.json().code).toBe('VALIDATION_ERROR');
        }
        expect(await productCount()).toBe(before);
      });
    });
  });

  describe('PATCH /api/products/:id', () => {
    it('changes only the fields sent', async () => {
      const row = await insertProduct(shop, {
        name: 'Patch me',
        color: ['oq'],
        stock: 5,
        status: 'onPaused',
        isNewProduct: true,
        updatedAt: new Date(Date.now() - DAY),
      });
      const unchanged = {
        name: 'Patch me',
        color: ['oq'],
        category: 'office',
        status: 'onPaused',
        isNewProduct: true,
        description: row.description,
      };
      const response = await patchJson(row.id, { price: 2000.6, stock: 9 });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(PRODUCT_FIELDS);
      expect(response.json()).toMatchObject({ _id: row.id, price: 2001, stock: 9, ...unchanged });
      const after = await rowOf(row.id);
      expect(after).toMatchObject({ price: 2001, stock: 9, productImages: row.productImages, ...unchanged });
      expect(after!.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
      expect(after!.createdAt.toISOString()).toBe(row.createdAt.toISOString());

      const form = await patchForm(row.id, { name: 'Patched by form' });
      expect(form.statusCode).toBe(200);
      expect(await rowOf(row.id)).toMatchObject({
        ...unchanged,
        name: 'Patched by form',
        price: 2001,
        stock: 9,
      });

      const more = await patchForm(row.id, {
        color: 'qizil,yashil',
        status: 'active',
        isNewProduct: 'false',
      });
      expect(more.statusCode).toBe(200);
      expect(await rowOf(row.id)).toMatchObject({
        name: 'Patched by form',
        color: ['qizil', 'yashil'],
        status: 'active',
        isNewProduct: false,
        price: 2001,
      });
      const cleared = await patchForm(row.id, { color: '' });
      expect(cleared.json().color).toEqual([]);
    });

    it('refuses bad values with 400 and leaves the product as it was', async () => {
      const row = await insertProduct(shop, { name: 'Keep me' });
      for (const change of [
        { price: -5 },
        { stock: -1 },
        { category: 'garden' },
        { name: '' },
        { isDiscounted: true },
        { imagesToDelete: 'not-json' },
        { imagesToDelete: [1, 2] },
      ]) {
        const response = await patchJson(row.id, change);
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      expect(await rowOf(row.id)).toEqual(row);
    });

    it('answers an unknown id with 404 and a malformed id with 400', async () => {
      const missing = await patchJson(newId(), { price: 5 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
      const malformed = await patchJson('not-an-id', { price: 5 });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('VALIDATION_ERROR');
    });

    it('switching isDiscounted off clears the discount', async () => {
      const created = await postJson({
        ...validForm('Sale chair'),
        price: 1000,
        isDiscounted: true,
        discounts: { type: 'percentage', value: 10, startDate: null, endDate: null },
      });
      expect(created.json().discountedPrice).toBe(900);
      const response = await patchForm(created.json()._id, { isDiscounted: 'false' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        isDiscounted: false,
        discounts: null,
        discountedPrice: null,
        price: 1000,
      });
      expect(await rowOf(created.json()._id)).toMatchObject({
        isDiscounted: false,
        discountType: null,
        discountValue: null,
        discountStart: null,
        discountEnd: null,
      });
      // Turning it back on needs the details again.
      const again = await patchJson(created.json()._id, { isDiscounted: true });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0].path).toBe('discounts');
    });

    it('keeps the current discount when other fields change and replaces it when sent', async () => {
      const created = await postJson({
        ...validForm('Kept sale'),
        price: 1000,
        isDiscounted: true,
        discounts: { type: 'fixed', value: 100, startDate: '2020-01-01', endDate: null },
      });
      const id = created.json()._id;
      const renamed = await patchJson(id, { name: 'Kept sale renamed' });
      expect(renamed.json()).toMatchObject({
        discountedPrice: 900,
        discounts: { type: 'fixed', value: 100, startDate: '2019-12-31T19:00:00.000Z', endDate: null },
      });
      const replaced = await patchForm(id, {
        discounts: JSON.stringify({ type: 'percentage', value: 30, startDate: null, endDate: null }),
      });
      expect(replaced.json()).toMatchObject({
        isDiscounted: true,
        discountedPrice: 700,
        discounts: { type: 'percentage', value: 30 },
      });
    });

    it('removes imagesToDelete (and their files) and appends new images', async () => {
      const [first, second, third, added] = await Promise.all([
        makeImage('png'),
        makeImage('jpeg'),
        makeImage('webp'),
        makeImage('gif'),
      ]);
      const created = await postForm(validForm('Gallery'), [
        imagePart(first!, 'one.png', 'image/png'),
        imagePart(second!, 'two.jpg', 'image/jpeg'),
        imagePart(third!, 'three.webp', 'image/webp'),
      ]);
      expect(created.statusCode).toBe(201);
      const [one, two, three] = created.json().productImages as string[];
      for (const url of [one!, two!, three!]) {
        expect(url).toMatch(STORED_IMAGE);
        expect(existsSync(fileOf(url))).toBe(true);
        expect(existsSync(thumbOf(url))).toBe(true);
      }
      const response = await patchForm(
        created.json()._id,
        { imagesToDelete: JSON.stringify([one, path.basename(two!)]) },
        [imagePart(added!, 'four.gif', 'image/gif')],
      );
      expect(response.statusCode).toBe(200);
      const images = response.json().productImages as string[];
      expect(images).toHaveLength(2);
      expect(images[0]).toBe(three);
      expect(images[1]).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.gif$/);
      expect((await rowOf(created.json()._id))!.productImages).toEqual(images);
      for (const url of [one!, two!]) {
        expect(existsSync(fileOf(url))).toBe(false);
        expect(existsSync(thumbOf(url))).toBe(false);
      }
      for (const url of images) {
        expect(existsSync(fileOf(url))).toBe(true);
        expect(existsSync(thumbOf(url))).toBe(true);
      }
    });

    it('writes no new image when the update is refused', async () => {
      const row = await insertProduct(shop, { name: 'Refused update' });
      const filesBefore = await uploadsFiles();
      const response = await patchForm(row.id, { price: '-1' }, [
        imagePart(await makeImage('png'), 'new.png', 'image/png'),
      ]);
      expect(response.statusCode).toBe(400);
      const missing = await patchForm(newId(), { price: '1' }, [
        imagePart(await makeImage('png'), 'new.png', 'image/png'),
      ]);
      expect(missing.statusCode).toBe(404);
      expect(await uploadsFiles()).toEqual(filesBefore);
      expect(await rowOf(row.id)).toEqual(row);
    });
  });

  describe('DELETE /api/products/:id and PATCH /api/products/:id/restore', () => {
    it('soft deletes: the row stays, flagged, and is hidden from the public; restore brings it back', async () => {
      const tag = uniqueTag();
      const row = await insertProduct(shop, { name: `Soft ${tag}` });
      const response = await shop.app.inject({
        method: 'DELETE',
        url: `/api/products/${row.id}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: expect.any(String),
        product: expect.objectContaining({ _id: row.id, isDeleted: true }),
      });
      expect(Object.keys(response.json().product).sort()).toEqual(PRODUCT_FIELDS);
      expect(await rowOf(row.id)).toMatchObject({ id: row.id, isDeleted: true, name: `Soft ${tag}` });
      expect(await listIds({ search: tag })).toEqual([]);
      expect((await getOne(row.id)).statusCode).toBe(404);
      expect((await getOne(row.id, admin.headers)).json().isDeleted).toBe(true);
      expect(await listIds({ search: tag, isDeleted: 'true' }, admin.headers)).toEqual([row.id]);

      const restored = await shop.app.inject({
        method: 'PATCH',
        url: `/api/products/${row.id}/restore`,
        headers: manager.headers,
      });
      expect(restored.statusCode).toBe(200);
      expect(Object.keys(restored.json()).sort()).toEqual(PRODUCT_FIELDS);
      expect(restored.json()).toMatchObject({ _id: row.id, isDeleted: false });
      expect((await rowOf(row.id))!.isDeleted).toBe(false);
      expect(await listIds({ search: tag })).toEqual([row.id]);
      expect((await getOne(row.id)).statusCode).toBe(200);
    });

    it('answers unknown ids with 404 PRODUCT_NOT_FOUND and malformed ids with 400', async () => {
      for (const [method, suffix] of [
        ['DELETE', ''],
        ['PATCH', '/restore'],
      ] as const) {
        const missing = await shop.app.inject({
          method,
          url: `/api/products/${newId()}${suffix}`,
          headers: admin.headers,
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
        const malformed = await shop.app.inject({
          method,
          url: `/api/products/xyz${suffix}`,
          headers: admin.headers,
        });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('DELETE /api/products/:id/images', () => {
    const deleteImage = (id: string, payload: unknown) =>
      shop.app.inject({
        method: 'DELETE',
        url: `/api/products/${id}/images`,
        payload: payload as object,
        headers: admin.headers,
      });

    it("removes one image given in any path form a product's image may take, with its file and thumbnail", async () => {
      const images = await Promise.all([
        makeImage('png'),
        makeImage('jpeg'),
        makeImage('webp'),
        makeImage('avif'),
      ]);
      const created = await postForm(
        validForm('Four photos'),
        images.map((data, index) => imagePart(data, `photo-${index}`)),
      );
      expect(created.statusCode).toBe(201);
      const id = created.json()._id as string;
      const urls = created.json().productImages as string[];
      expect(urls).toHaveLength(4);
      const forms = [urls[0]!, urls[1]!.slice(1), path.basename(urls[2]!)]; // /uploads/..., uploads/..., bare name
      let remaining = [...urls];
      for (const [index, form] of forms.entries()) {
        const response = await deleteImage(id, { imageUrl: form });
        expect(response.statusCode, form).toBe(200);
        remaining = remaining.filter((url) => url !== urls[index]);
        expect(response.json()).toEqual({
          message: expect.any(String),
          product: expect.objectContaining({ _id: id, productImages: remaining }),
        });
        expect((await rowOf(id))!.productImages).toEqual(remaining);
        expect(existsSync(fileOf(urls[index]!))).toBe(false);
        expect(existsSync(thumbOf(urls[index]!))).toBe(false);
      }
      expect(remaining).toEqual([urls[3]]);
      expect(existsSync(fileOf(urls[3]!))).toBe(true);
      expect(existsSync(thumbOf(urls[3]!))).toBe(true);
    });

    it('answers an unknown image with 404 and changes nothing', async () => {
      const created = await postForm(validForm('One photo'), [imagePart(await makeImage('png'), 'p.png')]);
      const id = created.json()._id as string;
      const [url] = created.json().productImages as string[];
      for (const imageUrl of [
        '/uploads/products/0123456789abcdef0123456789abcdef.png',
        'nothing.png',
        '../../etc/passwd',
        `https://example.com${url}`,
      ]) {
        const response = await deleteImage(id, { imageUrl });
        expect(response.statusCode, imageUrl).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
      expect((await rowOf(id))!.productImages).toEqual([url]);
      expect(existsSync(fileOf(url!))).toBe(true);
    });

    it('answers an unknown product with 404 PRODUCT_NOT_FOUND and a missing imageUrl with 400', async () => {
      const missing = await deleteImage(newId(), { imageUrl: 'a.png' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
      const row = await insertProduct(shop);
      for (const payload of [{}, { imageUrl: '' }, { imageUrl: 5 }, { imageUrl: 'x'.repeat(501) }]) {
        const response = await deleteImage(row.id, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await rowOf(row.id))!.productImages).toEqual(row.productImages);
    });
  });
});
