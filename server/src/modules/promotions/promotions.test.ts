import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { earliestDeliveryDay } from '@shop/common';
import { deliverySettings, deliveryZones } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  truncateAll,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

let shop: TestShop;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  shop = await buildTestShop({ orderLimits: { enabled: false }, freeDeliveryFrom: 5_000_000 });
  await truncateAll(shop);
  admin = await createUser(shop, 'admin');
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());
beforeEach(async () => {
  const { db } = shop.database;
  await db.execute(sql`truncate promo_code_uses, promo_codes`);
  await db
    .update(deliverySettings)
    .set({ slots: ['09-13'], slotCapacity: 100, closedWeekdays: [], carryPerFloor: 0 })
    .where(eq(deliverySettings.id, 1));
  await db
    .update(deliveryZones)
    .set({ enabled: true, fee: 50_000, freeFrom: null, leadDays: 1 })
    .where(eq(deliveryZones.region, 'tashkent-city'));
});

const createCode = (body: Record<string, unknown>, user = admin) =>
  shop.app.inject({ method: 'POST', url: '/api/promo-codes', headers: user.headers, payload: body });

const courier = () => ({
  method: 'courier',
  region: 'tashkent-city',
  address: { street: 'Amir Temur', house: '1' },
  floor: 1,
  lift: true,
  date: earliestDeliveryDay(new Date(), 1, []),
  slot: '09-13',
  assembly: false,
});

const order = (productId: string, promoCode?: string, phoneNumber = uniquePhone(), quantity = 3) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Aziza',
      phoneNumber,
      items: [{ productId, quantity, color: 'oq' }],
      delivery: courier(),
      ...(promoCode && { promoCode }),
    },
  });

const quote = (productId: string, promoCode?: string, quantity = 3) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/delivery/quote',
    payload: {
      region: 'tashkent-city',
      items: [{ productId, quantity, color: 'oq' }],
      ...(promoCode && { promoCode }),
    },
  });

describe('staff manage promo codes', () => {
  it('admin creates, lists and changes a code; the code is unique whatever its case', async () => {
    const created = await createCode({ code: 'bahor10', kind: 'percent', value: 10 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'BAHOR10', uses: 0, active: true, maxUses: null });
    const again = await createCode({ code: 'Bahor10', kind: 'fixed', value: 5000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROMO_CODE_TAKEN');
    const list = await shop.app.inject({ method: 'GET', url: '/api/promo-codes', headers: admin.headers });
    expect(list.json().docs.map((doc: { code: string }) => doc.code)).toEqual(['BAHOR10']);
    const patched = await shop.app.inject({
      method: 'PATCH',
      url: `/api/promo-codes/${created.json()._id}`,
      headers: admin.headers,
      payload: { value: 15, maxUses: 5 },
    });
    expect(patched.json()).toMatchObject({ value: 15, maxUses: 5 });
  });

  it('refuses a manager, a guest, a percent above 100 and a window that ends first', async () => {
    expect((await createCode({ code: 'ABC', kind: 'percent', value: 5 }, manager)).statusCode).toBe(403);
    const guest = await shop.app.inject({ method: 'GET', url: '/api/promo-codes' });
    expect(guest.statusCode).toBe(401);
    expect((await createCode({ code: 'ABC', kind: 'percent', value: 101 })).statusCode).toBe(400);
    const window = await createCode({
      code: 'ABC',
      kind: 'fixed',
      value: 5,
      startsAt: '2026-06-02T00:00:00Z',
      endsAt: '2026-06-01T00:00:00Z',
    });
    expect(window.statusCode).toBe(400);
  });

  it('a change checked against the stored code names the field at fault', async () => {
    const created = await createCode({
      code: 'YOZ',
      kind: 'fixed',
      value: 5000,
      startsAt: '2026-06-10T00:00:00Z',
    });
    const patch = (payload: Record<string, unknown>) =>
      shop.app.inject({
        method: 'PATCH',
        url: `/api/promo-codes/${created.json()._id}`,
        headers: admin.headers,
        payload,
      });
    const early = await patch({ endsAt: '2026-06-01T00:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([{ path: 'endsAt', message: 'The end comes after the start' }]);
    const percent = await patch({ kind: 'percent' });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().errors).toEqual([{ path: 'value', message: 'A percent is 1–100' }]);
    const moved = await patch({ startsAt: null, endsAt: '2026-06-01T00:00:00Z', active: false });
    expect(moved.json()).toMatchObject({ startsAt: null, endsAt: '2026-06-01T00:00:00.000Z', active: false });
  });
});

describe('a code in the quote and the order', () => {
  it('takes 10 % off the goods as its own line; the order agrees with the quote and stores it', async () => {
    const product = await insertProduct(shop, { price: 333_333 });
    await createCode({ code: 'BAHOR10', kind: 'percent', value: 10 });
    const priced = (await quote(product.id, 'bahor10')).json();
    expect(priced).toMatchObject({
      goods: 999_999,
      delivery: 50_000,
      promo: { code: 'BAHOR10', kind: 'percent', discount: 100_000 },
      total: 999_999 + 50_000 - 100_000,
    });
    const placed = await order(product.id, 'Bahor10');
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      total: priced.total,
      promo: { code: 'BAHOR10', discount: 100_000 },
      products: [{ promoDiscount: 10_000_000 }],
    });
    const list = await shop.app.inject({ method: 'GET', url: '/api/promo-codes', headers: admin.headers });
    expect(list.json().docs[0]).toMatchObject({ uses: 1, discountTotal: 100_000 });
  });

  it('free delivery waives the fee and nothing else; a fixed code never makes the total negative', async () => {
    const product = await insertProduct(shop, { price: 10_000 });
    await createCode({ code: 'YOLDA', kind: 'free_delivery', value: 0 });
    await createCode({ code: 'MINUS', kind: 'fixed', value: 1_000_000 });
    expect((await quote(product.id, 'YOLDA')).json()).toMatchObject({
      goods: 30_000,
      delivery: 0,
      total: 30_000,
      promo: { kind: 'free_delivery', discount: 50_000 },
    });
    const fixed = (await quote(product.id, 'MINUS')).json();
    expect(fixed).toMatchObject({ delivery: 50_000, total: 50_000, promo: { discount: 30_000 } });
  });

  it('FREE_DELIVERY_FROM makes delivery free from that goods total in every zone', async () => {
    const product = await insertProduct(shop, { price: 2_000_000 });
    expect((await quote(product.id, undefined, 2)).json()).toMatchObject({ delivery: 50_000 });
    expect((await quote(product.id, undefined, 3)).json()).toMatchObject({ delivery: 0, total: 6_000_000 });
  });

  it('a cancelled order gives its use back', async () => {
    const product = await insertProduct(shop, { price: 100_000, stock: 50 });
    const code = (await createCode({ code: 'ONCE', kind: 'fixed', value: 1000, maxUses: 1 })).json();
    const first = await order(product.id, 'ONCE');
    expect(first.statusCode).toBe(201);
    expect((await order(product.id, 'ONCE')).json()).toMatchObject({ reason: 'used_up' });
    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.json()._id}`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await order(product.id, 'ONCE')).statusCode).toBe(201);
    const used = await shop.app.inject({
      method: 'GET',
      url: `/api/promo-codes/${code._id}/orders`,
      headers: admin.headers,
    });
    expect(
      used
        .json()
        .orders.map((each: { status: string }) => each.status)
        .sort(),
    ).toEqual(['cancelled', 'new']);
  });
});

describe('an invalid code is a 400 PROMO_CODE_INVALID with its reason', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['unknown', { code: 'OTHER', kind: 'fixed', value: 1 }, 'NOPE1'],
    ['expired', { code: 'OLD1', kind: 'fixed', value: 1, endsAt: '2020-01-01T00:00:00Z' }, 'old1'],
    ['not_started', { code: 'SOON1', kind: 'fixed', value: 1, startsAt: '2099-01-01T00:00:00Z' }, 'SOON1'],
    ['below_min_total', { code: 'BIG1', kind: 'fixed', value: 1, minTotal: 99_000_000 }, 'BIG1'],
    ['not_applicable', { code: 'KIDS1', kind: 'percent', value: 5, categories: ['kinder'] }, 'KIDS1'],
    ['unknown', { code: 'OFF1', kind: 'fixed', value: 1, active: false }, 'OFF1'],
  ];

  it.each(cases)('%s, in the quote and the order alike', async (reason, body, typed) => {
    const product = await insertProduct(shop, { price: 100_000, category: 'office' });
    expect((await createCode(body)).statusCode).toBe(201);
    for (const response of [await quote(product.id, typed), await order(product.id, typed)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PROMO_CODE_INVALID', reason });
    }
  });

  it('used_up by its total and by one phone', async () => {
    const product = await insertProduct(shop, { price: 100_000, stock: 50 });
    await createCode({ code: 'PHONE1', kind: 'fixed', value: 1, maxUsesPerPhone: 1 });
    const phone = uniquePhone();
    expect((await order(product.id, 'PHONE1', phone)).statusCode).toBe(201);
    expect((await order(product.id, 'PHONE1', phone)).json()).toMatchObject({ reason: 'used_up' });
    expect((await order(product.id, 'PHONE1')).statusCode).toBe(201);
  });
});
