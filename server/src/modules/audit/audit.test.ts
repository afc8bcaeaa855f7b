import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shop/common';
import { auditLog } from '../../db/schema.js';
import { productForm } from '../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

let shop: TestShop;
let admin: TestUser;
let ceo: TestUser;
let manager: TestUser;

beforeAll(async () => {
  shop = await buildTestShop();
  admin = await createUser(shop, 'admin', 'Dilnoza Admin');
  ceo = await createUser(shop, 'ceo');
  manager = await createUser(shop, 'manager', 'Bekzod Manager');
});
afterAll(() => shop.close());

async function entryCount(): Promise<number> {
  const [row] = await shop.database.db.select({ total: count() }).from(auditLog);
  return row!.total;
}

async function audit(query = '', user: TestUser = admin) {
  return shop.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: user.headers });
}

async function latest(): Promise<AuditEntry> {
  return (await audit('?limit=1')).json<{ docs: AuditEntry[] }>().docs[0]!;
}

async function placeOrder(productId: string) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Ali',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity: 1, color: 'oq' }],
    },
  });
  return response.json<{ _id: string }>();
}

describe('the audit log', () => {
  it('keeps a price change with who made it and the old and new price', async () => {
    const product = await insertProduct(shop, { price: 100_000 });
    const form = productForm({ price: 125_000 });
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: { ...manager.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      actor: { _id: manager.id, name: 'Bekzod Manager', phoneNumber: manager.phoneNumber, role: 'manager' },
      action: 'update',
      entity: 'product',
      entityId: product.id,
      changes: { price: { before: 100_000, after: 125_000 } },
    });
    // Only what changed: not the untouched fields, nor updatedAt.
    expect(Object.keys(entry.changes)).toEqual(['price']);
  });

  it('a write that fails leaves no entry', async () => {
    const product = await insertProduct(shop, { stock: 1 });
    const order = await placeOrder(product.id);
    await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    // Another order takes the last unit back, so un-cancelling the first is refused (409).
    await placeOrder(product.id);
    const before = await entryCount();
    const refused = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: 'new' },
    });
    expect(refused.statusCode).toBe(409);
    const badDiscount = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: { ...admin.headers, ...productForm({ isDiscounted: true }).headers },
      payload: productForm({ isDiscounted: true }).payload,
    });
    expect(badDiscount.statusCode).toBe(400);
    expect(await entryCount()).toBe(before);
  });

  it('records staff sign-ins, good and refused, and never a password', async () => {
    const good = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: manager.phoneNumber, password: manager.password },
    });
    expect(good.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'signIn',
      entity: 'user',
      entityId: manager.id,
      actor: { _id: manager.id },
    });
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: manager.phoneNumber, password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(401);
    expect(await latest()).toMatchObject({ action: 'signInFailed', entityId: manager.id });

    const customer = await createUser(shop, 'customer');
    const before = await entryCount();
    await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: customer.phoneNumber, password: customer.password },
    });
    expect(await entryCount()).toBe(before);

    const password = await shop.app.inject({
      method: 'PATCH',
      url: `/api/users/${manager.id}`,
      headers: admin.headers,
      payload: { password: 'new-secret-1', fullName: 'Bekzod M.' },
    });
    expect(password.statusCode).toBe(200);
    const entry = await latest();
    expect(entry.changes).toEqual({
      fullName: { before: 'Bekzod Manager', after: 'Bekzod M.' },
      passwordChanged: { before: false, after: true },
    });
    const everything = JSON.stringify((await audit('?limit=100')).json());
    expect(everything).not.toContain('new-secret-1');
    expect(everything).not.toContain('argon2');
    expect(everything).not.toMatch(/passwordHash/);
  });

  it('filters by person, entity, action and Tashkent dates, newest first', async () => {
    const byManager = (await audit(`?actor=${manager.id}&limit=100`)).json<{ docs: AuditEntry[] }>().docs;
    expect(byManager.length).toBeGreaterThan(0);
    expect(byManager.every((entry) => entry.actor?._id === manager.id)).toBe(true);
    const products = (await audit('?entity=product&action=update')).json<{ docs: AuditEntry[] }>().docs;
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((entry) => entry.entity === 'product' && entry.action === 'update')).toBe(true);
    const times = byManager.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    expect((await audit(`?startDate=${today}&endDate=${today}`)).json().totalDocs).toBe(await entryCount());
    expect((await audit('?endDate=2000-01-01')).json().totalDocs).toBe(0);
  });

  it('checks its filters and paging like every list: 400, never a 500', async () => {
    for (const query of [
      '?limit=0',
      '?page=-1',
      '?entity=invoice',
      '?action=drop',
      '?actor=not-an-id',
      '?startDate=2026-02-30',
      '?endDate=yesterday',
    ]) {
      const response = await audit(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('is for admins and the CEO: a manager gets 403, a guest 401', async () => {
    expect((await audit('', ceo)).statusCode).toBe(200);
    // A manager of their own: the one above had its password changed, which ended its session.
    expect((await audit('', await createUser(shop, 'manager'))).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('has no route that edits or deletes an entry', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await shop.app.inject({
        method,
        url: '/api/audit',
        headers: admin.headers,
        payload: {},
      });
      expect(response.statusCode, method).toBe(404);
    }
  });
});
