import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earliestDeliveryDay, isoWeekday, shiftShopDay, shopDay } from '@shop/common';
import { auditLog, deliverySettings, deliveryZones, orders, staffAlerts } from '../../db/schema.js';
import { codeFor } from '../../test/sms.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  stockOf,
  truncateAll,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

let shop: TestShop;
let admin: TestUser;
let ceo: TestUser;
let manager: TestUser;

const DEFAULT_SETTINGS = {
  slots: ['09-13', '13-18', '18-21'],
  slotCapacity: 8,
  closedWeekdays: [7],
  carryPerFloor: 15000,
};

/** The shop's clock: the real time unless a test sets an instant. */
let clockAt: Date | null = null;

beforeAll(async () => {
  // Many orders from one test address: the limits on one shopper are another rule's test.
  shop = await buildTestShop({
    clock: { now: () => clockAt ?? new Date() },
    orderLimits: { enabled: false },
  });
  await truncateAll(shop);
  admin = await createUser(shop, 'admin');
  ceo = await createUser(shop, 'ceo');
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());
beforeEach(async () => {
  clockAt = null;
  const { db } = shop.database;
  await db.update(deliverySettings).set(DEFAULT_SETTINGS).where(eq(deliverySettings.id, 1));
  await db
    .update(deliveryZones)
    .set({ enabled: true, fee: 50_000, freeFrom: 3_000_000, leadDays: 1 })
    .where(eq(deliveryZones.region, 'tashkent-city'));
});

/** The first day an order placed now may be delivered in Tashkent city (1 lead day, Sundays closed). */
const firstDay = () => earliestDeliveryDay(new Date(), 1, [7]);

const courier = (overrides: Record<string, unknown> = {}) => ({
  method: 'courier',
  region: 'tashkent-city',
  address: { street: 'Amir Temur koʻchasi', house: '12', apartment: '5', landmark: 'Ecopark oldida' },
  floor: 4,
  lift: false,
  date: firstDay(),
  slot: '09-13',
  assembly: true,
  ...overrides,
});

const order = (productId: string, delivery?: unknown, quantity = 2) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Dilnoza',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity, color: 'oq' }],
      ...(delivery !== undefined && { delivery }),
    },
  });

describe('zones', () => {
  it('lists all 14 regions to anyone, Tashkent city open with a fee and a free-from total', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/delivery/zones' });
    expect(response.statusCode).toBe(200);
    const { docs } = response.json();
    expect(docs).toHaveLength(14);
    expect(docs[0]).toMatchObject({ region: 'tashkent-city', name: 'Toshkent shahri', enabled: true });
    expect(docs[0].fee).toBeGreaterThan(0);
    expect(docs[0].freeFrom).toBeGreaterThan(0);
    const ru = await shop.app.inject({ method: 'GET', url: '/api/delivery/zones?lang=ru' });
    expect(ru.json().docs[0].name).toBe('город Ташкент');
  });

  it('lets admin and ceo set a tariff, audited; a manager and a guest are refused', async () => {
    const body = { enabled: true, fee: 70_000, freeFrom: null, leadDays: 2 };
    const url = '/api/delivery/zones/samarkand';
    expect(
      (await shop.app.inject({ method: 'PUT', url, payload: body, headers: manager.headers })).statusCode,
    ).toBe(403);
    expect((await shop.app.inject({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
    const byAdmin = await shop.app.inject({ method: 'PUT', url, payload: body, headers: admin.headers });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ region: 'samarkand', fee: 70_000, freeFrom: null, leadDays: 2 });
    const byCeo = await shop.app.inject({
      method: 'PUT',
      url,
      payload: { fee: 80_000 },
      headers: ceo.headers,
    });
    expect(byCeo.json()).toMatchObject({ fee: 80_000, leadDays: 2 });
    // Amounts as the shop prints them are the amounts.
    const printed = await shop.app.inject({
      method: 'PUT',
      url,
      payload: { fee: '85 000 soʻm', freeFrom: '2 500 000', leadDays: '3' },
      headers: admin.headers,
    });
    expect(printed.json()).toMatchObject({ fee: 85_000, freeFrom: 2_500_000, leadDays: 3 });
    const entries = await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'samarkand'));
    expect(entries.map((entry) => entry.changes.fee)).toContainEqual({ before: 70_000, after: 80_000 });
  });

  it('answers 400 naming the field for an unknown region or a negative fee', async () => {
    const unknown = await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/zones/moscow',
      payload: { fee: 1 },
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(400);
    const negative = await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/zones/tashkent',
      payload: { fee: -5 },
      headers: admin.headers,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors[0].path).toContain('fee');
    const spaced = await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/zones/tashkent',
      payload: { freeFrom: '1 00 000' },
      headers: admin.headers,
    });
    expect(spaced.statusCode).toBe(400);
  });
});

describe('settings', () => {
  it('are public to read, admin and ceo to change; a manager is refused', async () => {
    const read = await shop.app.inject({ method: 'GET', url: '/api/delivery/settings' });
    expect(read.json()).toEqual(DEFAULT_SETTINGS);
    const payload = {
      slots: ['10-14', '14-19'],
      slotCapacity: 3,
      closedWeekdays: [6, 7],
      carryPerFloor: 20000,
    };
    const url = '/api/delivery/settings';
    expect(
      (await shop.app.inject({ method: 'PUT', url, payload, headers: manager.headers })).statusCode,
    ).toBe(403);
    const put = await shop.app.inject({ method: 'PUT', url, payload, headers: ceo.headers });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(payload);
    const bad = await shop.app.inject({
      method: 'PUT',
      url,
      payload: { closedWeekdays: [1, 2, 3, 4, 5, 6, 7] },
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('quote', () => {
  it('prices goods, fee, carry-up and assembly, with dates from the earliest and open slots', async () => {
    const product = await insertProduct(shop, { price: 1_000_000, assemblyPrice: 150_000 });
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/delivery/quote',
      payload: {
        region: 'tashkent-city',
        items: [{ productId: product.id, quantity: 2, color: 'oq' }],
        assembly: true,
        floor: 4,
        lift: false,
      },
    });
    expect(response.statusCode).toBe(200);
    const quote = response.json();
    expect(quote).toMatchObject({
      goods: 2_000_000,
      delivery: 50_000,
      assembly: 300_000,
      carry: 15_000 * 3 * 2,
      total: 2_000_000 + 50_000 + 300_000 + 90_000,
      earliestDate: firstDay(),
    });
    expect(quote.dates[0].date).toBe(firstDay());
    expect(quote.dates).toHaveLength(14);
    expect(quote.dates.every((day: { date: string }) => isoWeekday(day.date) !== 7)).toBe(true);
    expect(quote.dates[0].slots).toEqual([
      { slot: '09-13', available: true, left: 8 },
      { slot: '13-18', available: true, left: 8 },
      { slot: '18-21', available: true, left: 8 },
    ]);
  });

  it('is free from the threshold, and nothing is carried with a lift', async () => {
    const product = await insertProduct(shop, { price: 1_500_000 });
    const quote = await shop.app.inject({
      method: 'POST',
      url: '/api/delivery/quote',
      payload: {
        region: 'tashkent-city',
        items: [{ productId: product.id, quantity: 2 }],
        floor: 9,
        lift: true,
      },
    });
    expect(quote.json()).toMatchObject({ delivery: 0, carry: 0, assembly: 0, total: 3_000_000 });
  });

  it('counts lead days over closed weekdays', async () => {
    await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/settings',
      payload: { closedWeekdays: [6, 7] },
      headers: admin.headers,
    });
    await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/zones/tashkent-city',
      payload: { leadDays: 3 },
      headers: admin.headers,
    });
    const product = await insertProduct(shop);
    const quote = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/delivery/quote',
        payload: { region: 'tashkent-city', items: [{ productId: product.id, quantity: 1 }] },
      })
    ).json();
    expect(quote.earliestDate).toBe(earliestDeliveryDay(new Date(), 3, [6, 7]));
    expect([6, 7]).not.toContain(isoWeekday(quote.earliestDate));
    expect(quote.earliestDate >= shiftShopDay(shopDay(), 3)).toBe(true);
  });

  it('refuses a disabled region, an unknown one and floors 0 and 200, naming the field', async () => {
    const product = await insertProduct(shop);
    const items = [{ productId: product.id, quantity: 1 }];
    await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/zones/khorezm',
      payload: { enabled: false },
      headers: admin.headers,
    });
    const disabled = await shop.app.inject({
      method: 'POST',
      url: '/api/delivery/quote',
      payload: { region: 'khorezm', items },
    });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json()).toMatchObject({
      code: 'DELIVERY_REGION_UNAVAILABLE',
      errors: [{ path: 'region' }],
    });
    await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/zones/khorezm',
      payload: { enabled: true },
      headers: admin.headers,
    });
    for (const payload of [
      { region: 'mars', items },
      { region: 'tashkent', items, floor: 0 },
      { region: 'tashkent', items, floor: 200 },
    ]) {
      const response = await shop.app.inject({ method: 'POST', url: '/api/delivery/quote', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('Tashkent days', () => {
  it('counts an order at 23:30 in Tashkent on that day, and one at 00:30 on the next', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const items = [{ productId: product.id, quantity: 1 }];
    const quote = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/delivery/quote',
        payload: { region: 'tashkent-city', items },
      });
    // Thursday 26 November 2026, 23:30 in Tashkent (UTC+5).
    clockAt = new Date('2026-11-26T18:30:00Z');
    expect((await quote()).json().earliestDate).toBe('2026-11-27');
    const placed = await order(product.id, courier({ date: '2026-11-27', slot: '13-18' }), 1);
    expect(placed.statusCode).toBe(201);
    // An hour later it is Friday in Tashkent: Saturday is the first day, Friday is refused.
    clockAt = new Date('2026-11-26T19:30:00Z');
    expect((await quote()).json().earliestDate).toBe('2026-11-28');
    const late = await order(product.id, courier({ date: '2026-11-27', slot: '13-18' }), 1);
    expect(late.json()).toMatchObject({ code: 'DELIVERY_DATE_UNAVAILABLE' });
    // Saturday's order: lead day Monday, Sunday closed.
    clockAt = new Date('2026-11-28T10:00:00Z');
    expect((await quote()).json().earliestDate).toBe('2026-11-30');
  });
});

describe('orders with delivery', () => {
  it('prices the order as the quote did, and the total carries the fees', async () => {
    const product = await insertProduct(shop, { price: 1_000_000, assemblyPrice: 150_000 });
    const quote = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/delivery/quote',
        payload: {
          region: 'tashkent-city',
          items: [{ productId: product.id, quantity: 2, color: 'oq' }],
          assembly: true,
          floor: 4,
        },
      })
    ).json();
    const response = await order(product.id, courier());
    expect(response.statusCode).toBe(201);
    const placed = response.json();
    expect(placed.total).toBe(quote.total);
    expect(placed.delivery).toMatchObject({
      method: 'courier',
      region: 'tashkent-city',
      address: { street: 'Amir Temur koʻchasi', house: '12', apartment: '5', landmark: 'Ecopark oldida' },
      floor: 4,
      lift: false,
      date: firstDay(),
      slot: '09-13',
      assembly: true,
      fee: 50_000,
      assemblyFee: 300_000,
      carryFee: 90_000,
      status: 'scheduled',
    });
    // The staff alert tells the delivery, written with the order.
    const [alert] = await shop.database.db
      .select()
      .from(staffAlerts)
      .where(eq(staffAlerts.orderId, placed._id));
    expect(alert!.payload.delivery).toMatchObject({
      method: 'courier',
      region: 'tashkent-city',
      address: { landmark: 'Ecopark oldida' },
      date: firstDay(),
      slot: '09-13',
      floor: 4,
      assembly: true,
    });
  });

  it('puts the delivery and its charges in the export, the order total carrying them', async () => {
    const product = await insertProduct(shop, {
      price: 1_000_000,
      assemblyPrice: 150_000,
      name: 'Export shkaf',
    });
    const placed = (await order(product.id, courier())).json();
    const file = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/export?format=csv&lang=en&phoneNumber=${encodeURIComponent(placed.customer.phoneNumber)}`,
      headers: manager.headers,
    });
    const row = file.body.split('\r\n')[1]!;
    expect(row).toContain(`;${placed.total};Courier · Tashkent city · ${firstDay()} · 09-13;440000`);
    expect(placed.total).toBe(2_000_000 + 440_000);
  });

  it('without delivery (an older client) orders as arrange, with no fees', async () => {
    const product = await insertProduct(shop, { price: 200_000 });
    const response = await order(product.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().total).toBe(400_000);
    expect(response.json().delivery).toEqual({
      method: 'arrange',
      assembly: false,
      fee: 0,
      assemblyFee: 0,
      carryFee: 0,
      status: 'awaiting',
    });
    const pickup = await order(product.id, { method: 'pickup' });
    expect(pickup.json().delivery).toMatchObject({ method: 'pickup', status: 'awaiting', fee: 0 });
  });

  it('refuses pickup while the shop has no address to collect from, taking no stock', async () => {
    const product = await insertProduct(shop, { stock: 5 });
    const noAddress = await buildTestShop({
      databaseHandle: shop.database,
      keepDatabase: true,
      orderLimits: { enabled: false },
      shopContacts: { social: {} },
    });
    try {
      const placed = (delivery: unknown) =>
        noAddress.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customerName: 'Dilnoza',
            phoneNumber: uniquePhone(),
            items: [{ productId: product.id, quantity: 1, color: 'oq' }],
            delivery,
          },
        });
      const pickup = await placed({ method: 'pickup' });
      expect(pickup.statusCode).toBe(400);
      expect(pickup.json()).toMatchObject({
        code: 'PICKUP_UNAVAILABLE',
        errors: [{ path: 'delivery.method' }],
      });
      expect(await stockOf(shop, product.id)).toBe(5);
      expect((await placed({ method: 'arrange' })).statusCode).toBe(201);
    } finally {
      await noAddress.close();
    }
  });

  it('answers 400 naming the field for bad delivery input, never a 5xx', async () => {
    const product = await insertProduct(shop);
    const cases: [unknown, string, string][] = [
      [courier({ region: 'atlantis' }), 'VALIDATION_ERROR', 'delivery.region'],
      [courier({ floor: 0 }), 'VALIDATION_ERROR', 'delivery.floor'],
      [courier({ floor: 200 }), 'VALIDATION_ERROR', 'delivery.floor'],
      [
        courier({ address: { street: 'x'.repeat(2000), house: '1' } }),
        'VALIDATION_ERROR',
        'delivery.address.street',
      ],
      [
        courier({ address: { street: 'a', house: '1', landmark: 'x'.repeat(301) } }),
        'VALIDATION_ERROR',
        'delivery.address.landmark',
      ],
      [
        courier({ address: { street: 'a', house: '1', apartment: 'x'.repeat(21) } }),
        'VALIDATION_ERROR',
        'delivery.address.apartment',
      ],
      [courier({ address: undefined }), 'VALIDATION_ERROR', 'delivery.address'],
      [courier({ date: shopDay() }), 'DELIVERY_DATE_UNAVAILABLE', 'delivery.date'],
      [courier({ date: '2020-01-01' }), 'DELIVERY_DATE_UNAVAILABLE', 'delivery.date'],
      [courier({ date: shiftShopDay(shopDay(), 45) }), 'DELIVERY_DATE_UNAVAILABLE', 'delivery.date'],
      [courier({ date: '2026-13-45' }), 'VALIDATION_ERROR', 'delivery.date'],
      [courier({ slot: '07-08' }), 'DELIVERY_DATE_UNAVAILABLE', 'delivery.slot'],
    ];
    for (const [delivery, code, path] of cases) {
      const response = await order(product.id, delivery, 1);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code, path).toBe(code);
      expect(
        response.json().errors.map((error: { path: string }) => error.path),
        path,
      ).toContain(path);
    }
    let sunday = firstDay();
    while (isoWeekday(sunday) !== 7) sunday = shiftShopDay(sunday, 1);
    const closed = await order(product.id, courier({ date: sunday }), 1);
    expect(closed.json().code).toBe('DELIVERY_DATE_UNAVAILABLE');
    await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/zones/navoi',
      payload: { enabled: false },
      headers: admin.headers,
    });
    const disabled = await order(
      product.id,
      courier({ region: 'navoi', date: earliestDeliveryDay(new Date(), 4, [7]) }),
      1,
    );
    expect(disabled.json()).toMatchObject({
      code: 'DELIVERY_REGION_UNAVAILABLE',
      errors: [{ path: 'delivery.region' }],
    });
  });

  it('refuses a full slot with 409, and a cancelled order frees its place', async () => {
    await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/settings',
      payload: { slotCapacity: 1 },
      headers: admin.headers,
    });
    const product = await insertProduct(shop, { stock: 100 });
    const date = shiftShopDay(firstDay(), isoWeekday(firstDay()) === 6 ? 2 : 1);
    const first = await order(product.id, courier({ date, slot: '18-21' }), 1);
    expect(first.statusCode).toBe(201);
    const second = await order(product.id, courier({ date, slot: '18-21' }), 1);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('DELIVERY_SLOT_FULL');
    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.json()._id}`,
      payload: { status: 'cancelled' },
      headers: manager.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const third = await order(product.id, courier({ date, slot: '18-21' }), 1);
    expect(third.statusCode).toBe(201);
    // The cancelled order cannot come back into the now full slot.
    const back = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.json()._id}`,
      payload: { status: 'new' },
      headers: manager.headers,
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe('DELIVERY_SLOT_FULL');
  });

  it('hides the street address from the lookup by phone; staff see it; the payment state has no address', async () => {
    const product = await insertProduct(shop);
    const placed = (await order(product.id, courier(), 1)).json();
    const lookup = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/customer/${encodeURIComponent(placed.customer.phoneNumber)}`,
      headers: { 'x-phone-code': await codeFor(shop, placed.customer.phoneNumber, 'orders') },
    });
    const found = lookup.json().data[0];
    expect(found.delivery).toMatchObject({
      method: 'courier',
      region: 'tashkent-city',
      date: firstDay(),
      slot: '09-13',
    });
    expect(found.delivery.address).toBeUndefined();
    expect(JSON.stringify(lookup.json())).not.toContain('Ecopark');
    const state = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${placed._id}?key=${placed.orderKey}`,
    });
    expect(state.json().delivery).toMatchObject({ method: 'courier', status: 'scheduled' });
    expect(JSON.stringify(state.json())).not.toContain('Amir Temur');
    const staff = await shop.app.inject({ method: 'GET', url: '/api/orders', headers: manager.headers });
    const listed = staff.json().docs.find((doc: { _id: string }) => doc._id === placed._id);
    expect(listed.delivery.address.landmark).toBe('Ecopark oldida');
  });
});

describe('staff delivery edits and the run sheet', () => {
  it('changes status, reschedules within capacity, audits, and lists the day by slot', async () => {
    await shop.app.inject({
      method: 'PUT',
      url: '/api/delivery/settings',
      payload: { slotCapacity: 1 },
      headers: admin.headers,
    });
    const product = await insertProduct(shop, { stock: 100, name: 'Shkaf', assemblyPrice: 90_000 });
    const date = shiftShopDay(firstDay(), isoWeekday(firstDay()) >= 5 ? 3 : 2);
    const a = (await order(product.id, courier({ date, slot: '13-18' }), 1)).json();
    const b = (await order(product.id, courier({ date, slot: '09-13' }), 1)).json();
    const url = `/api/orders/${b._id}/delivery`;
    expect(
      (await shop.app.inject({ method: 'PATCH', url, payload: { status: 'delivered' } })).statusCode,
    ).toBe(401);
    const full = await shop.app.inject({
      method: 'PATCH',
      url,
      payload: { slot: '13-18' },
      headers: manager.headers,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('DELIVERY_SLOT_FULL');
    const moved = await shop.app.inject({
      method: 'PATCH',
      url,
      payload: { slot: '18-21', status: 'out_for_delivery', address: { street: 'Navoiy', house: '7' } },
      headers: manager.headers,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().delivery).toMatchObject({
      slot: '18-21',
      status: 'out_for_delivery',
      address: { street: 'Navoiy' },
    });
    const bad = await shop.app.inject({
      method: 'PATCH',
      url,
      payload: { status: 'lost' },
      headers: manager.headers,
    });
    expect(bad.statusCode).toBe(400);
    const [entry] = await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, b._id));
    expect(entry?.changes.delivery).toBeDefined();

    const runs = await shop.app.inject({
      method: 'GET',
      url: `/api/delivery/runs?date=${date}`,
      headers: manager.headers,
    });
    expect(runs.statusCode).toBe(200);
    const docs = runs.json().docs;
    expect(docs.map((run: { _id: string }) => run._id)).toEqual([a._id, b._id]);
    expect(docs[0]).toMatchObject({
      slot: '13-18',
      address: { landmark: 'Ecopark oldida' },
      assembly: true,
      lines: [{ name: 'Shkaf', quantity: 1 }],
      toCollect: a.total,
    });
    const guest = await shop.app.inject({ method: 'GET', url: `/api/delivery/runs?date=${date}` });
    expect(guest.statusCode).toBe(401);
  });
});

describe('run sheet money', () => {
  it('collects only an unpaid cash-on-delivery order, and names every order’s method and payment state', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const date = shiftShopDay(firstDay(), 7);
    const placed = [];
    for (let i = 0; i < 4; i += 1) placed.push((await order(product.id, courier({ date }), 1)).json());
    const [cash, transfer, paidTransfer, payme] = placed;
    // The payment side is another module's test: set each order's method and state as it would end up.
    const { db } = shop.database;
    await db.update(orders).set({ paymentMethod: 'bank_transfer' }).where(eq(orders.id, transfer._id));
    await db
      .update(orders)
      .set({ paymentMethod: 'bank_transfer', paymentStatus: 'paid' })
      .where(eq(orders.id, paidTransfer._id));
    await db
      .update(orders)
      .set({ paymentMethod: 'payme', paymentStatus: 'pending' })
      .where(eq(orders.id, payme._id));
    const runs = await shop.app.inject({
      method: 'GET',
      url: `/api/delivery/runs?date=${date}`,
      headers: manager.headers,
    });
    expect(runs.statusCode).toBe(200);
    const byId = new Map(runs.json().docs.map((run: { _id: string }) => [run._id, run]));
    expect(byId.get(cash._id)).toMatchObject({
      payment: { method: 'cash', status: 'unpaid' },
      toCollect: cash.total,
    });
    expect(byId.get(transfer._id)).toMatchObject({
      payment: { method: 'bank_transfer', status: 'unpaid' },
      toCollect: 0,
    });
    expect(byId.get(paidTransfer._id)).toMatchObject({
      payment: { method: 'bank_transfer', status: 'paid' },
      toCollect: 0,
    });
    expect(byId.get(payme._id)).toMatchObject({
      payment: { method: 'payme', status: 'pending' },
      toCollect: 0,
    });
  });
});
