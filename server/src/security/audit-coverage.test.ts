import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type AuditEntry } from '@shop/common';
import { auditLog, reviews, staffAlerts } from '../db/schema.js';
import { makeImage } from '../test/images.js';
import { imagePart, productForm } from '../test/multipart.js';
import { recordFigure } from '../test/reliability-figures.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../test/test-app.js';

/*
 * The audit log's promise (decision 013): every successful staff write of the permission matrix
 * (permission-matrix.test.ts) leaves exactly one entry, and a staff sign-in too.
 */

let shop: TestShop;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  shop = await buildTestShop();
  admin = await createUser(shop, 'admin');
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());

async function entryCount(): Promise<number> {
  const [row] = await shop.database.db.select({ total: count() }).from(auditLog);
  return row!.total;
}

async function latest(query = ''): Promise<AuditEntry> {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/api/audit?limit=1${query}`,
    headers: admin.headers,
  });
  return response.json<{ docs: AuditEntry[] }>().docs[0]!;
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

describe('an entry for every successful staff write of the permission matrix', () => {
  it('each write route, done once by staff, adds exactly one entry naming it', async () => {
    // Its rating already holds the review below, as if the review had been posted.
    const product = await insertProduct(shop, { productImages: [], ratingSum: 5, ratingCount: 1 });
    const withImages = await insertProduct(shop, {
      productImages: ['/uploads/products/a.webp', '/uploads/products/b.webp'],
    });
    const order = await placeOrder(product.id);
    const doomed = await placeOrder(product.id);
    const reviewId = newId();
    let promoId = '';
    await shop.database.db
      .insert(reviews)
      .values({ id: reviewId, productId: product.id, rating: 5, text: 'Zo‘r', author: 'Ali K.' });
    const [alert] = await shop.database.db
      .insert(staffAlerts)
      .values({
        kind: 'orderPlaced',
        orderId: order._id,
        state: 'dead',
        payload: {
          orderNumber: 'x',
          customerName: 'x',
          phoneNumber: 'x',
          total: 0,
          paymentMethod: 'cash',
          lines: [],
        },
      })
      .returning();
    const image = await makeImage('png');
    const newForm = productForm(
      {
        name: 'Audit stol',
        description: 'Yangi stol',
        price: 90_000,
        category: 'office',
        stock: 3,
        color: ['oq'],
      },
      [imagePart(image, 'a.png', 'image/png')],
    );
    const editForm = productForm({ name: 'Audit stol 2' });
    let userId = '';

    const writes: {
      route: string;
      entity: string;
      action: string;
      run: () => Promise<{ statusCode: number; json(): unknown }>;
    }[] = [
      {
        route: 'POST /api/products',
        entity: 'product',
        action: 'create',
        run: () =>
          shop.app.inject({
            method: 'POST',
            url: '/api/products',
            headers: { ...manager.headers, ...newForm.headers },
            payload: newForm.payload,
          }),
      },
      {
        route: 'PATCH /api/products/{id}',
        entity: 'product',
        action: 'update',
        run: () =>
          shop.app.inject({
            method: 'PATCH',
            url: `/api/products/${product.id}`,
            headers: { ...manager.headers, ...editForm.headers },
            payload: editForm.payload,
          }),
      },
      {
        route: 'DELETE /api/products/{id}',
        entity: 'product',
        action: 'delete',
        run: () =>
          shop.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: manager.headers }),
      },
      {
        route: 'PATCH /api/products/{id}/restore',
        entity: 'product',
        action: 'restore',
        run: () =>
          shop.app.inject({
            method: 'PATCH',
            url: `/api/products/${product.id}/restore`,
            headers: manager.headers,
          }),
      },
      {
        route: 'DELETE /api/products/{id}/images',
        entity: 'product',
        action: 'deleteImage',
        run: () =>
          shop.app.inject({
            method: 'DELETE',
            url: `/api/products/${withImages.id}/images`,
            headers: manager.headers,
            payload: { imageUrl: '/uploads/products/a.webp' },
          }),
      },
      {
        route: 'PATCH /api/orders/{id}',
        entity: 'order',
        action: 'update',
        run: () =>
          shop.app.inject({
            method: 'PATCH',
            url: `/api/orders/${order._id}`,
            headers: manager.headers,
            payload: { status: 'ordered' },
          }),
      },
      {
        route: 'DELETE /api/orders/{id}',
        entity: 'order',
        action: 'delete',
        run: () =>
          shop.app.inject({ method: 'DELETE', url: `/api/orders/${doomed._id}`, headers: manager.headers }),
      },
      {
        route: 'POST /api/users',
        entity: 'user',
        action: 'create',
        run: async () => {
          const response = await shop.app.inject({
            method: 'POST',
            url: '/api/users',
            headers: admin.headers,
            payload: {
              fullName: 'Yangi xodim',
              phoneNumber: uniquePhone(),
              password: 'walnut-shelf-bracket',
              role: 'manager',
            },
          });
          userId = response.json<{ user: { _id: string } }>().user._id;
          return response;
        },
      },
      {
        route: 'PATCH /api/users/{id}',
        entity: 'user',
        action: 'update',
        run: () =>
          shop.app.inject({
            method: 'PATCH',
            url: `/api/users/${userId}`,
            headers: admin.headers,
            payload: { role: 'admin' },
          }),
      },
      {
        route: 'DELETE /api/users/{id}',
        entity: 'user',
        action: 'delete',
        run: () => shop.app.inject({ method: 'DELETE', url: `/api/users/${userId}`, headers: admin.headers }),
      },
      {
        route: 'PATCH /api/reviews/{id}',
        entity: 'review',
        action: 'update',
        run: () =>
          shop.app.inject({
            method: 'PATCH',
            url: `/api/reviews/${reviewId}`,
            headers: manager.headers,
            payload: { status: 'hidden' },
          }),
      },
      {
        route: 'POST /api/alerts/{id}/retry',
        entity: 'alert',
        action: 'update',
        run: () =>
          shop.app.inject({ method: 'POST', url: `/api/alerts/${alert!.id}/retry`, headers: admin.headers }),
      },
      {
        route: 'POST /api/promo-codes',
        entity: 'promo',
        action: 'create',
        run: async () => {
          const response = await shop.app.inject({
            method: 'POST',
            url: '/api/promo-codes',
            headers: admin.headers,
            payload: { code: 'AUDIT10', kind: 'percent', value: 10 },
          });
          promoId = response.json<{ _id: string }>()._id;
          return response;
        },
      },
      {
        route: 'PATCH /api/promo-codes/{id}',
        entity: 'promo',
        action: 'update',
        run: () =>
          shop.app.inject({
            method: 'PATCH',
            url: `/api/promo-codes/${promoId}`,
            headers: admin.headers,
            payload: { active: false },
          }),
      },
      {
        route: 'POST /api/auth/login (staff)',
        entity: 'user',
        action: 'signIn',
        run: () =>
          shop.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { phoneNumber: admin.phoneNumber, password: admin.password },
          }),
      },
    ];
    const missing: string[] = [];
    for (const write of writes) {
      const before = await entryCount();
      const response = await write.run();
      expect(response.statusCode, write.route).toBeLessThan(300);
      const entry = await latest();
      if (
        (await entryCount()) !== before + 1 ||
        entry.entity !== write.entity ||
        entry.action !== write.action
      )
        missing.push(write.route);
    }
    expect(missing).toEqual([]);
    const review = await latest('&entity=review');
    expect(review.changes).toEqual({ status: { before: 'published', after: 'hidden' } });
    recordFigure({
      test: 'audit entry for every staff write',
      figure: `${writes.length} staff write routes done once each: ${writes.length - missing.length} with exactly one entry, ${missing.length} missing`,
      ok: missing.length === 0,
    });
  });
});
