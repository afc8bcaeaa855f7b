import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { products } from '../db/schema.js';
import { buildTestShop, createUser, insertProduct, type TestShop, type TestUser } from '../test/test-app.js';

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await buildTestShop();
  admin = await createUser(shop, 'admin');
});
afterAll(() => shop.close());

const productCount = async () => (await shop.database.db.select({ total: count() }).from(products))[0]!.total;
const valid = { name: 'Desk', description: 'Oak desk', price: 100_000, category: 'office', stock: 2 };

describe('input the database cannot hold', () => {
  it.each([
    ['a NUL in a staff colour filter', 'GET', '/api/products?color=a%00b', undefined],
    ['a NUL in a product name', 'POST', '/api/products', { ...valid, name: 'a\u0000b' }],
  ] as const)('answers 400 for %s, never 500', async (_label, method, url, payload) => {
    const before = await productCount();
    const response = await shop.app.inject({
      method,
      url,
      headers: admin.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(await productCount()).toBe(before);
  });

  it('reads a NUL in a search as a word break (decision 012): 200, never 500', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/products?search=a%00b' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ docs: expect.any(Array) });
  });

  it('answers 400 for a NUL in an update and keeps the product as it was', async () => {
    const product = await insertProduct(shop);
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { description: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    const after = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(after.json().description).toBe(product.description);
  });
});

describe('numbers of the wrong type', () => {
  it.each([
    ['price true', { price: true }],
    ['price null', { price: null }],
    ['price blank', { price: '' }],
    ['price spaces', { price: '  ' }],
    ['stock false', { stock: false }],
    ['stock 1e3 text', { stock: '1e3' }],
    ['a discount value of true', { isDiscounted: true, discounts: { type: 'fixed', value: true } }],
  ])('refuses %s', async (_label, change) => {
    const before = await productCount();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { ...valid, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(await productCount()).toBe(before);
  });

  it('defaults a missing stock to 0', async () => {
    const { stock: _stock, ...withoutStock } = valid;
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: withoutStock,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().stock).toBe(0);
  });
});

describe('malformed multipart bodies', () => {
  it.each([
    [
      'a truncated body',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nDe',
    ],
    ['no boundary', 'multipart/form-data', 'whatever'],
  ])('answers 400 for %s', async (_label, contentType, payload) => {
    const before = await productCount();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...admin.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(await productCount()).toBe(before);
  });
});

describe('addresses the router cannot read', () => {
  it.each([
    ['broken percent-encoding', '/api/products/%E0%A4%A', 400],
    ['an id of 300 characters', `/api/products/${'a'.repeat(300)}`, 414],
  ])('answers %s with the shop error shape and the security headers', async (_label, url, status) => {
    const response = await shop.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.headers).toMatchObject({
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });
});
