import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestShop, createUser, insertProduct, uniquePhone, type TestShop } from '../test/test-app.js';

/** B14: JSON bodies are at most 64 KB (413), so no anonymous client makes the server parse a megabyte. */

let shop: TestShop;
beforeAll(async () => {
  shop = await buildTestShop();
});
afterAll(() => shop.close());

const MIB = 1024 * 1024;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON body limit', () => {
  it.each([
    ['POST /api/orders', '/api/orders'],
    ['POST /api/auth/login', '/api/auth/login'],
    ['POST /api/auth/signUp', '/api/auth/signUp'],
  ])('answers 1 MiB of JSON to %s with 413 and a clear message, before parsing it', async (_label, url) => {
    const payload = JSON.stringify({ customerName: 'x'.repeat(MIB), phoneNumber: uniquePhone(), items: [] });
    const response = await shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large: at most 64 KB',
    });
  });

  it('refuses a deeply nested 1 MiB body quickly (it is never parsed)', async () => {
    const started = performance.now();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json' },
      payload: nested(MIB / 2),
    });
    expect(response.statusCode).toBe(413);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('answers a nested body that fits with 400, not 5xx', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json' },
      payload: `{"customerName":"N","phoneNumber":"${uniquePhone()}","items":${nested(30_000)}}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps 1 MiB for a product written as JSON by staff (three long descriptions may pass 64 KB), and 64 KB for anyone else there', async () => {
    const admin = await createUser(shop, 'admin');
    const product = await insertProduct(shop);
    // 5 000 characters per language, written with \u escapes as some clients send them: ~90 KB.
    const escaped = '\\u0436'.repeat(5_000);
    const payload = `{"description":"${escaped}","translations":{"ru":{"description":"${escaped}"},"en":{"description":"${escaped}"}}}`;
    expect(payload.length).toBeGreaterThan(64 * 1024);
    const staff = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(staff.statusCode, staff.body).toBe(200);
    // Without a token the body is never read: 401 before the size matters.
    const anonymous = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
