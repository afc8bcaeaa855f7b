import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestDeliveryDay, type PrivacyDocument } from '@shop/common';
import { orders, telegramLinks } from '../../db/schema.js';
import { codeFor } from '../../test/sms.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { OAK_DESK, giveLineVariant } from '../../test/variant-lines.js';

let shop: TestShop;
let admin: TestUser;
let productId: string;
let privacy: PrivacyDocument;

beforeAll(async () => {
  shop = await buildTestShop({ orderLimits: { enabled: false }, personalDataMonths: 36 });
  admin = await createUser(shop, 'admin');
  productId = (await insertProduct(shop, { price: 250_000, stock: 100 })).id;
  privacy = (await shop.app.inject({ url: '/api/privacy' })).json();
});
afterAll(() => shop.close());

const orderBody = (phoneNumber: string, extra: Record<string, unknown> = {}) => ({
  customerName: 'Dilnoza Karimova',
  phoneNumber,
  items: [{ productId, quantity: 1, color: 'oq' }],
  delivery: {
    method: 'courier',
    region: 'tashkent-city',
    address: { street: 'Navoiy 5', house: '12' },
    date: earliestDeliveryDay(new Date(), 1, [7]),
    slot: '09-13',
  },
  ...extra,
});

async function placeOrder(phoneNumber: string, extra: Record<string, unknown> = {}) {
  return shop.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody(phoneNumber, extra) });
}

async function staffOrder(id: string) {
  const response = await shop.app.inject({ url: '/api/orders?limit=100&status=all', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().docs.find((order: { _id: string }) => order._id === id);
}

async function signUp(phoneNumber: string) {
  const code = await codeFor(shop, phoneNumber, 'signup');
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    payload: {
      fullName: 'Dilnoza Karimova',
      phoneNumber,
      password: 'secret123',
      code,
      consent: true,
      consentVersion: privacy.version,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { token, user } = response.json();
  return { id: user._id as string, headers: { authorization: `Bearer ${token}` } };
}

describe('the privacy text', () => {
  it('names the operator, its TIN, the term and only the receivers the shop has switched on', () => {
    expect(privacy.version).toMatch(/^[0-9a-f]{12}$/);
    for (const text of Object.values(privacy.text)) {
      expect(text).toContain(shop.config.invoice.legalName!);
      expect(text).toContain(shop.config.invoice.tin!);
      expect(text).toContain('36');
      expect(text).not.toContain('Payme');
      expect(text).not.toContain('Eskiz');
    }
    expect(privacy.text.ru).toContain('Как долго');
    expect(privacy.text.uz).toContain('Qancha vaqt');
  });
});

describe('consent with an order, an account and a price request', () => {
  it('keeps the consent given with an order and shows staff its version and time', async () => {
    const response = await placeOrder(uniquePhone(), { consent: true, consentVersion: privacy.version });
    expect(response.statusCode, response.body).toBe(201);
    const order = await staffOrder(response.json()._id);
    expect(order.consent).toEqual({ version: privacy.version, at: expect.any(String) });
  });

  it('refuses an order whose client showed the text but got no yes, or showed an older text', async () => {
    for (const extra of [
      { consentVersion: privacy.version },
      { consent: false, consentVersion: privacy.version },
      { consent: true, consentVersion: 'older-text' },
    ]) {
      const response = await placeOrder(uniquePhone(), extra);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('CONSENT_REQUIRED');
    }
  });

  it('serves a client written before consent was asked as before, with no consent kept', async () => {
    const response = await placeOrder(uniquePhone());
    expect(response.statusCode, response.body).toBe(201);
    expect((await staffOrder(response.json()._id)).consent).toBeUndefined();
  });

  it('keeps the consent of a new account and of a price request', async () => {
    const customer = await signUp(uniquePhone());
    const users = await shop.app.inject({
      url: '/api/users?role=customer&limit=100',
      headers: admin.headers,
    });
    const account = users.json().docs.find((user: { _id: string }) => user._id === customer.id);
    expect(account.consent).toEqual({ version: privacy.version, at: expect.any(String) });

    const quote = await shop.app.inject({
      method: 'POST',
      url: '/api/quotes',
      payload: {
        contact: { name: 'Aziz', phoneNumber: uniquePhone() },
        items: [{ productId, color: 'oq', quantity: 40 }],
        consent: true,
        consentVersion: privacy.version,
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const stored = await shop.app.inject({ url: `/api/quotes/${quote.json()._id}`, headers: admin.headers });
    expect(stored.json().consent).toEqual({ version: privacy.version, at: expect.any(String) });
  });
});

describe("a customer's own data", () => {
  it('hands a customer everything kept about them, and refuses staff and guests', async () => {
    const phone = uniquePhone();
    const customer = await signUp(phone);
    const placed = await placeOrder(phone, { consent: true, consentVersion: privacy.version });
    await giveLineVariant(shop, placed.json<{ _id: string }>()._id);
    await shop.app.inject({ method: 'PUT', url: `/api/me/wishlist/${productId}`, headers: customer.headers });

    const response = await shop.app.inject({ url: '/api/me/data', headers: customer.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.account).toMatchObject({ fullName: 'Dilnoza Karimova', phoneNumber: phone });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      phoneNumber: phone,
      delivery: { address: { street: 'Navoiy 5' } },
    });
    expect(data.orders[0].lines).toEqual([
      expect.objectContaining({
        productId,
        quantity: 1,
        variant: { sku: OAK_DESK.sku, label: OAK_DESK.label },
      }),
    ]);
    expect(data.savedItems).toEqual([expect.objectContaining({ productId })]);

    expect((await shop.app.inject({ url: '/api/me/data', headers: admin.headers })).statusCode).toBe(403);
    expect((await shop.app.inject({ url: '/api/me/data' })).statusCode).toBe(401);
  });

  it('deletes the account with an SMS code: orders stay with the buyer replaced, nothing names them', async () => {
    const phone = uniquePhone();
    const customer = await signUp(phone);
    const placed = (await placeOrder(phone)).json();
    await shop.database.db
      .insert(telegramLinks)
      .values({ telegramUserId: Number(phone.slice(-7)), userId: customer.id, chatId: 77 });

    const wrong = await shop.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: customer.headers,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);

    const code = await codeFor(shop, phone, 'account');
    const deleted = await shop.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: customer.headers,
      payload: { code },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const order = await staffOrder(placed._id);
    expect(order.customer).toMatchObject({ fullName: 'deleted', phoneNumber: 'deleted' });
    expect(order.delivery.address).toEqual({ street: 'deleted', house: 'deleted' });
    expect(order.total).toBe(placed.total);
    expect(order.products).toHaveLength(1);
    const byPhone = await shop.app.inject({
      url: `/api/orders?phoneNumber=${encodeURIComponent(phone)}`,
      headers: admin.headers,
    });
    expect(byPhone.json().docs).toEqual([]);
    const exported = await shop.app.inject({ url: '/api/orders/export?format=csv', headers: admin.headers });
    expect(exported.body).not.toContain(phone.slice(4));
    expect(
      await shop.database.db.select().from(telegramLinks).where(eq(telegramLinks.userId, customer.id)),
    ).toEqual([]);
    expect((await shop.app.inject({ url: '/api/me/data', headers: customer.headers })).statusCode).toBe(401);
  });
});

describe('the retention sweep', () => {
  it('removes the buyer of orders finished longer ago than the term, and keeps the rest', async () => {
    const oldPhone = uniquePhone();
    const recentPhone = uniquePhone();
    const oldOrder = (await placeOrder(oldPhone)).json();
    const recentOrder = (await placeOrder(recentPhone)).json();
    const openOrder = (await placeOrder(oldPhone)).json();
    const longAgo = new Date(Date.now() - 37 * 30.5 * 86_400_000);
    await shop.database.db
      .update(orders)
      .set({ status: 'cancelled', updatedAt: longAgo })
      .where(eq(orders.id, oldOrder._id));
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, recentOrder._id));
    await shop.database.db.update(orders).set({ updatedAt: longAgo }).where(eq(orders.id, openOrder._id));

    expect(await shop.app.services.retention.run()).toBeGreaterThanOrEqual(1);

    expect((await staffOrder(oldOrder._id)).customer.phoneNumber).toBe('deleted');
    expect((await staffOrder(oldOrder._id)).total).toBe(oldOrder.total);
    expect((await staffOrder(recentOrder._id)).customer.phoneNumber).toBe(recentPhone);
    expect((await staffOrder(openOrder._id)).customer.phoneNumber).toBe(oldPhone);
  });
});

describe("staff reading a customer's details", () => {
  it("writes who read which customer's orders, and each export, to the audit log", async () => {
    const phone = uniquePhone();
    const placed = (await placeOrder(phone)).json();
    const manager = await createUser(shop, 'manager');
    await shop.app.inject({
      url: `/api/orders?phoneNumber=${encodeURIComponent(phone)}`,
      headers: manager.headers,
    });
    await shop.app.inject({ url: '/api/orders/export?format=csv', headers: manager.headers });
    await shop.app.inject({ url: '/api/orders?limit=5', headers: manager.headers });

    const audit = await shop.app.inject({
      url: `/api/audit?action=read&actor=${manager.id}`,
      headers: admin.headers,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().docs;
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'order', entityId: phone }),
        expect.objectContaining({ entity: 'order', entityId: 'export' }),
      ]),
    );
    const read = entries.find((entry: { entityId: string }) => entry.entityId === phone);
    expect(read.changes.orders.after).toEqual([placed._id]);
  });
});
