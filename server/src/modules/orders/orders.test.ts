import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, normalizePhone } from '@shop/common';
import { orderLines, orders } from '../../db/schema.js';
import { codeFor } from '../../test/sms.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
  stockOf,
} from '../../test/test-app.js';

const DAY_MS = 86_400_000;
const LOOKUPS_PER_MINUTE = 3;

let shop: TestShop;
let manager: TestUser;
let customer: TestUser;
let addressCounter = 0;
/** The customer lookup is rate limited per address: each lookup test gets its own address. */
const freshAddress = () => `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

beforeAll(async () => {
  // Orders themselves, placed many at a time from the one address inject uses: the limits on what
  // one shopper may order are order-limits.test.ts's.
  shop = await buildTestShop({
    rateLimits: { lookupsPerAddressPerMinute: LOOKUPS_PER_MINUTE },
    orderLimits: { enabled: false, maxUnitsPerProduct: 0 },
  });
  manager = await createUser(shop, 'manager');
  customer = await createUser(shop, 'customer');
});
afterAll(() => shop.close());

const localDigits = (phone: string) => phone.slice(4);

async function orderCount(): Promise<number> {
  const [row] = await shop.database.db.select({ total: count() }).from(orders);
  return row!.total;
}

async function ordersForPhone(phone: string) {
  return shop.database.db.select().from(orders).where(eq(orders.phoneNumber, phone));
}

function place(body: unknown) {
  return shop.app.inject({ method: 'POST', url: '/api/orders', payload: body as object });
}

function orderBody(productId: string, overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Aziz Karimov',
    phoneNumber: uniquePhone(),
    items: [{ productId, quantity: 1, color: 'oq', price: 100_000 }],
    totalAmount: 100_000,
    ...overrides,
  };
}

async function placeOk(productId: string, overrides: Record<string, unknown> = {}) {
  const response = await place(orderBody(productId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** An `orders` code per phone, asked for once: it keeps opening the lookup for 30 minutes. */
const lookupCodes = new Map<string, string>();

/** A phone with a customer account and no orders. */
async function accountPhone(): Promise<string> {
  const phoneNumber = uniquePhone();
  await shop.app.services.users.create({
    fullName: 'Aziz',
    phoneNumber,
    password: 'secret123',
    role: 'customer',
  });
  return phoneNumber;
}

async function lookup(phone: string, remoteAddress = freshAddress()) {
  const normalized = normalizePhone(phone);
  let code = normalized ? lookupCodes.get(normalized) : undefined;
  if (normalized && !code) {
    code = await codeFor(shop, normalized, 'orders');
    lookupCodes.set(normalized, code);
  }
  return shop.app.inject({
    method: 'GET',
    url: `/api/orders/customer/${encodeURIComponent(phone)}`,
    headers: code ? { 'x-phone-code': code } : {},
    remoteAddress,
  });
}

function patch(id: string, payload: object, user: TestUser = manager) {
  return shop.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: user.headers, payload });
}

function staffList(query: string, user: TestUser | null = manager) {
  return shop.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: user?.headers ?? {} });
}

describe('POST /api/orders', () => {
  it('places an order and answers 201 with the exact order shape', async () => {
    const product = await insertProduct(shop, {
      name: 'Shape desk',
      productImages: ['/uploads/products/a.webp'],
    });
    const phone = uniquePhone();
    const response = await place({
      customerName: '  Dilnoza Yusupova ',
      phoneNumber: phone,
      items: [{ productId: product.id, quantity: 2, color: 'qora', price: 100_000 }],
      totalAmount: 200_000,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'customer',
        'delivery',
        'notes',
        'orderKey',
        'payment',
        'products',
        'status',
        'total',
        'updatedAt',
      ].sort(),
    );
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      status: 'new',
      total: 200_000,
      notes: '',
      customer: { fullName: 'Dilnoza Yusupova', phoneNumber: phone },
      products: [
        {
          product: {
            _id: product.id,
            name: 'Shape desk',
            productImages: ['/uploads/products/a.webp'],
            translations: {},
          },
          color: 'qora',
          quantity: 2,
          price: 100_000,
          discountedPrice: null,
        },
      ],
      payment: { method: 'cash', status: 'unpaid', paidAt: null },
      orderKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      delivery: {
        method: 'arrange',
        assembly: false,
        fee: 0,
        assemblyFee: 0,
        carryFee: 0,
        status: 'awaiting',
      },
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);

    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, body._id));
    expect(row).toMatchObject({
      customerName: 'Dilnoza Yusupova',
      phoneNumber: phone,
      status: 'new',
      total: 200_000,
    });
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, body._id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      productId: product.id,
      color: 'qora',
      quantity: 2,
      price: 100_000,
      discountedPrice: null,
    });
  });

  it('takes the stock of every line', async () => {
    const desk = await insertProduct(shop, { stock: 10 });
    const chair = await insertProduct(shop, { stock: 4, price: 50_000 });
    const body = await placeOk(desk.id, {
      items: [
        { productId: desk.id, quantity: 3, color: 'oq' },
        { productId: chair.id, quantity: 4, color: 'qora' },
        { productId: desk.id, quantity: 2, color: 'qora' },
      ],
    });
    expect(body.total).toBe(5 * 100_000 + 4 * 50_000);
    expect(body.products.map((line: { quantity: number }) => line.quantity)).toEqual([3, 4, 2]);
    expect(await stockOf(shop, desk.id)).toBe(5);
    expect(await stockOf(shop, chair.id)).toBe(0);
  });

  it('prices every line from the database and ignores the client price and totalAmount', async () => {
    const product = await insertProduct(shop, { price: 250_000 });
    const body = await placeOk(product.id, {
      items: [{ productId: product.id, quantity: 2, color: 'oq', price: 1 }],
      totalAmount: 2,
    });
    expect(body.total).toBe(500_000);
    expect(body.products[0]).toMatchObject({ price: 250_000, discountedPrice: null });
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, body._id));
    expect(row!.total).toBe(500_000);
  });

  it('applies a percentage discount inside its window', async () => {
    const now = Date.now();
    const product = await insertProduct(shop, {
      price: 200_000,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 15,
      discountStart: new Date(now - DAY_MS),
      discountEnd: new Date(now + DAY_MS),
    });
    const body = await placeOk(product.id, {
      items: [{ productId: product.id, quantity: 3, color: 'oq', price: 200_000 }],
    });
    expect(body.products[0]).toMatchObject({ price: 200_000, discountedPrice: 170_000 });
    expect(body.total).toBe(510_000);
  });

  it('applies a fixed discount without dates (always open)', async () => {
    const product = await insertProduct(shop, {
      price: 120_000,
      isDiscounted: true,
      discountType: 'fixed',
      discountValue: 20_000,
    });
    const body = await placeOk(product.id, { items: [{ productId: product.id, quantity: 2, color: 'oq' }] });
    expect(body.products[0]).toMatchObject({ price: 120_000, discountedPrice: 100_000 });
    expect(body.total).toBe(200_000);
  });

  it.each([
    ['ended', -3 * DAY_MS, -DAY_MS],
    ['not started', DAY_MS, 3 * DAY_MS],
  ])('sells at full price when the discount window has %s', async (_label, startOffset, endOffset) => {
    const now = Date.now();
    const product = await insertProduct(shop, {
      price: 300_000,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 50,
      discountStart: new Date(now + startOffset),
      discountEnd: new Date(now + endOffset),
    });
    const body = await placeOk(product.id, {
      items: [{ productId: product.id, quantity: 1, color: 'oq', price: 150_000 }],
      totalAmount: 150_000,
    });
    expect(body.products[0]).toMatchObject({ price: 300_000, discountedPrice: null });
    expect(body.total).toBe(300_000);
  });

  it('does not discount a product whose isDiscounted flag is off', async () => {
    const product = await insertProduct(shop, {
      price: 100_000,
      isDiscounted: false,
      discountType: 'percentage',
      discountValue: 50,
    });
    const body = await placeOk(product.id);
    expect(body.products[0].discountedPrice).toBeNull();
    expect(body.total).toBe(100_000);
  });

  it('stores every phone format of docs/decisions/002 the same and finds them all by any format', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    const d = localDigits(phone);
    const formats = [
      `${d.slice(0, 2)} ${d.slice(2, 5)}-${d.slice(5, 7)}-${d.slice(7)}`,
      `(${d.slice(0, 2)}) ${d.slice(2)}`,
      `998${d}`,
      `+998 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7)}`,
    ];
    const ids: string[] = [];
    for (const format of formats) {
      const body = await placeOk(product.id, { phoneNumber: format });
      expect(body.customer.phoneNumber).toBe(phone);
      ids.push(body._id);
    }
    const stored = await ordersForPhone(phone);
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());

    for (const format of [...formats, phone]) {
      const response = await lookup(format);
      expect(response.statusCode).toBe(200);
      const found = response.json();
      expect(found.success).toBe(true);
      expect(found.data.map((order: { _id: string }) => order._id).sort()).toEqual([...ids].sort());
    }
  });

  it('answers 409 OUT_OF_STOCK when the stock is short, and takes nothing', async () => {
    const product = await insertProduct(shop, { stock: 2 });
    const body = orderBody(product.id, { items: [{ productId: product.id, quantity: 3, color: 'oq' }] });
    const response = await place(body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.any(String) });
    expect(await stockOf(shop, product.id)).toBe(2);
    expect(await ordersForPhone(body.phoneNumber)).toHaveLength(0);
  });

  it('counts two lines of the same product together against its stock', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const body = orderBody(product.id, {
      items: [
        { productId: product.id, quantity: 6, color: 'oq' },
        { productId: product.id, quantity: 6, color: 'qora' },
      ],
    });
    const response = await place(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('OUT_OF_STOCK');
    expect(await stockOf(shop, product.id)).toBe(10);
  });

  it('is all-or-nothing: a failing later line leaves the stock of earlier lines alone', async () => {
    const good = await insertProduct(shop, { stock: 10 });
    const short = await insertProduct(shop, { stock: 1 });
    const body = orderBody(good.id, {
      items: [
        { productId: good.id, quantity: 4, color: 'oq' },
        { productId: short.id, quantity: 2, color: 'oq' },
      ],
    });
    const before = await orderCount();
    const response = await place(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('OUT_OF_STOCK');
    expect(await stockOf(shop, good.id)).toBe(10);
    expect(await stockOf(shop, short.id)).toBe(1);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['deleted', { isDeleted: true }],
    ['paused', { status: 'onPaused' as const }],
  ])('answers 409 PRODUCT_UNAVAILABLE for a %s product and changes no stock', async (_label, overrides) => {
    const good = await insertProduct(shop, { stock: 10 });
    const unavailable = await insertProduct(shop, { stock: 10, ...overrides });
    const body = orderBody(good.id, {
      items: [
        { productId: good.id, quantity: 1, color: 'oq' },
        { productId: unavailable.id, quantity: 1, color: 'oq' },
      ],
    });
    const response = await place(body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', message: expect.any(String) });
    expect(await stockOf(shop, good.id)).toBe(10);
    expect(await stockOf(shop, unavailable.id)).toBe(10);
    expect(await ordersForPhone(body.phoneNumber)).toHaveLength(0);
  });

  it('answers 409 PRODUCT_UNAVAILABLE for an unknown product id', async () => {
    const good = await insertProduct(shop, { stock: 10 });
    const body = orderBody(good.id, {
      items: [
        { productId: good.id, quantity: 1, color: 'oq' },
        { productId: newId(), quantity: 1, color: 'oq' },
      ],
    });
    const response = await place(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('PRODUCT_UNAVAILABLE');
    expect(await stockOf(shop, good.id)).toBe(10);
    expect(await ordersForPhone(body.phoneNumber)).toHaveLength(0);
  });

  it('answers 409 COLOR_UNAVAILABLE for a colour the product does not have', async () => {
    const product = await insertProduct(shop, { stock: 10, color: ['oq', 'qora'] });
    const body = orderBody(product.id, { items: [{ productId: product.id, quantity: 1, color: 'qizil' }] });
    const response = await place(body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'COLOR_UNAVAILABLE', message: expect.any(String) });
    expect(await stockOf(shop, product.id)).toBe(10);
    expect(await ordersForPhone(body.phoneNumber)).toHaveLength(0);
  });

  describe('bad input gets a 400 with field errors and changes nothing', () => {
    let productId: string;
    beforeAll(async () => {
      productId = (await insertProduct(shop, { stock: 10_000 })).id;
    });

    const item = (overrides: Record<string, unknown> = {}) => ({
      productId,
      quantity: 1,
      color: 'oq',
      ...overrides,
    });
    const cases: [string, () => Record<string, unknown>][] = [
      ['quantity 0', () => ({ items: [item({ quantity: 0 })] })],
      ['a negative quantity', () => ({ items: [item({ quantity: -1 })] })],
      ['a fractional quantity', () => ({ items: [item({ quantity: 1.5 })] })],
      ['a huge quantity', () => ({ items: [item({ quantity: 1e12 })] })],
      ['a quantity as a string', () => ({ items: [item({ quantity: '2' })] })],
      ['51 lines', () => ({ items: Array.from({ length: 51 }, () => item()) })],
      ['no items', () => ({ items: [] })],
      ['items that are not a list', () => ({ items: 'desk' })],
      ['a missing name', () => ({ customerName: undefined })],
      ['a blank name', () => ({ customerName: '   ' })],
      // Under the 64 KB a body may hold (a larger one is a 413: order-limits.test.ts).
      ['a 50 KB name', () => ({ customerName: 'x'.repeat(50_000) })],
      ['a name of the wrong type', () => ({ customerName: 42 })],
      ['a missing phone', () => ({ phoneNumber: undefined })],
      ['a short phone', () => ({ phoneNumber: '90 123' })],
      ['a phone with letters', () => ({ phoneNumber: '90 123 45 6x' })],
      ['a phone of another country', () => ({ phoneNumber: '+1 415 555 0100 12' })],
      ['a phone of the wrong type', () => ({ phoneNumber: 901234567 })],
      ['a malformed product id', () => ({ items: [item({ productId: 'not-an-id' })] })],
      ['a client price of the wrong type', () => ({ items: [item({ price: 'free' })] })],
    ];

    it.each(cases)('%s', async (_label, change) => {
      const body: Record<string, unknown> = {
        customerName: 'Bad Input',
        phoneNumber: uniquePhone(),
        items: [item()],
        ...change(),
      };
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      const before = await orderCount();
      const response = await place(body);
      expect(response.statusCode).toBe(400);
      const error = response.json();
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
      expect(error.errors.length).toBeGreaterThan(0);
      expect(response.body).not.toMatch(/stack|at .*\.ts/);
      expect(await orderCount()).toBe(before);
      expect(await stockOf(shop, productId)).toBe(10_000);
    });

    it('drops unknown fields: a client sending extras still orders, and nothing else is set', async () => {
      const response = await place({
        customerName: 'Extra Fields',
        phoneNumber: uniquePhone(),
        items: [item()],
        notes: 'please call first',
        status: 'ordered',
        total: 1,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'new', notes: '', total: 100_000 });
    });

    it('a body that is not JSON', async () => {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json' },
        payload: '{"customerName": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    });
  });
});

describe('GET /api/orders/customer/:phone', () => {
  it('returns only that phone’s orders, newest first', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    const first = await placeOk(product.id, { phoneNumber: phone });
    const other = await placeOk(product.id);
    const second = await placeOk(product.id, { phoneNumber: phone });
    // Make the order of creation unambiguous.
    await shop.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, first._id));

    const response = await lookup(phone);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(body.success).toBe(true);
    expect(body.data.map((order: { _id: string }) => order._id)).toEqual([second._id, first._id]);
    expect(body.data.map((order: { _id: string }) => order._id)).not.toContain(other._id);
    expect(body.data[0]).toMatchObject({
      status: 'new',
      customer: { fullName: 'Aziz Karimov', phoneNumber: phone },
      products: [{ product: { _id: product.id }, quantity: 1, color: 'oq' }],
    });
  });

  it('answers an empty list for a phone without orders', async () => {
    // A lookup code goes only to a phone with an account or an order: this one has an account.
    const response = await lookup(await accountPhone());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: [] });
  });

  it.each(['12345', 'abcdefghijk', '+1 (415) 555-0100', '9'.repeat(41)])(
    'answers 400 for the bad phone %s',
    async (phone) => {
      const response = await lookup(phone);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    },
  );

  it('answers 429 RATE_LIMITED after the configured number of lookups from one address', async () => {
    const address = freshAddress();
    const phone = await accountPhone();
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i += 1) {
      const response = await lookup(phone, address);
      expect(response.statusCode).toBe(200);
    }
    const limited = await lookup(phone, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    // Another address is not affected.
    expect((await lookup(phone, freshAddress())).statusCode).toBe(200);
  });
});

describe('GET /api/orders (staff list)', () => {
  it('answers the paged shape with page and limit', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    const placed = [];
    for (let i = 0; i < 3; i += 1) placed.push(await placeOk(product.id, { phoneNumber: phone }));
    for (const [index, order] of placed.entries()) {
      await shop.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - (3 - index) * 60_000) })
        .where(eq(orders.id, order._id));
    }

    const first = await staffList(`phoneNumber=${encodeURIComponent(phone)}&page=1&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(Object.keys(page1).sort()).toEqual(['docs', 'limit', 'page', 'totalDocs', 'totalPages']);
    expect(page1).toMatchObject({ totalDocs: 3, totalPages: 2, page: 1, limit: 2 });
    expect(page1.docs.map((order: { _id: string }) => order._id)).toEqual([placed[2]._id, placed[1]._id]);

    const second = (await staffList(`phoneNumber=${encodeURIComponent(phone)}&page=2&limit=2`)).json();
    expect(second).toMatchObject({ totalDocs: 3, totalPages: 2, page: 2, limit: 2 });
    expect(second.docs.map((order: { _id: string }) => order._id)).toEqual([placed[0]._id]);
  });

  it('defaults to page 1 of 10 and counts every order', async () => {
    const response = await staffList('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, limit: 10, totalDocs: await orderCount() });
    expect(body.docs.length).toBe(Math.min(10, body.totalDocs));
  });

  it('filters by status', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    const kept = await placeOk(product.id, { phoneNumber: phone });
    const cancelled = await placeOk(product.id, { phoneNumber: phone });
    expect((await patch(cancelled._id, { status: 'cancelled' })).statusCode).toBe(200);

    const onlyCancelled = (
      await staffList(`status=cancelled&phoneNumber=${encodeURIComponent(phone)}`)
    ).json();
    expect(onlyCancelled.docs.map((order: { _id: string }) => order._id)).toEqual([cancelled._id]);
    expect(onlyCancelled.totalDocs).toBe(1);
    const onlyNew = (await staffList(`status=new&phoneNumber=${encodeURIComponent(phone)}`)).json();
    expect(onlyNew.docs.map((order: { _id: string }) => order._id)).toEqual([kept._id]);
    const all = (await staffList(`status=all&phoneNumber=${encodeURIComponent(phone)}`)).json();
    expect(all.totalDocs).toBe(2);

    const [byStatus] = await shop.database.db
      .select({ total: count() })
      .from(orders)
      .where(eq(orders.status, 'cancelled'));
    expect((await staffList('status=cancelled&limit=1')).json().totalDocs).toBe(byStatus!.total);
  });

  it('filters by phone number, full in any format or partial digits', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    const mine = await placeOk(product.id, { phoneNumber: phone });
    await placeOk(product.id);
    const d = localDigits(phone);
    for (const filter of [
      phone,
      `${d.slice(0, 2)} ${d.slice(2, 5)}-${d.slice(5, 7)}-${d.slice(7)}`,
      `998${d}`,
      d.slice(2),
      d.slice(-5),
    ]) {
      const response = await staffList(`phoneNumber=${encodeURIComponent(filter)}`);
      expect(response.statusCode).toBe(200);
      const ids = response
        .json()
        .docs.map((order: { _id: string; customer: { phoneNumber: string } }) => order._id);
      expect(ids, filter).toContain(mine._id);
      for (const order of response.json().docs)
        expect(order.customer.phoneNumber).toContain(filter.length >= 9 ? d : filter);
    }
  });

  it('filters by Tashkent days, start and end inclusive', async () => {
    const product = await insertProduct(shop, { stock: 100 });
    const phone = uniquePhone();
    // Tashkent is UTC+5: 2025-03-10 runs from 2025-03-09T19:00Z to 2025-03-10T19:00Z.
    const times = {
      beforeStart: '2025-03-09T18:59:59Z',
      startOfDay: '2025-03-09T19:00:00Z',
      endOfDay: '2025-03-10T18:59:59Z',
      nextDay: '2025-03-10T19:00:00Z',
    };
    const ids: Record<string, string> = {};
    for (const [label, at] of Object.entries(times)) {
      const order = await placeOk(product.id, { phoneNumber: phone });
      await shop.database.db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, order._id));
      ids[label] = order._id;
    }
    const filtered = async (query: string) => {
      const response = await staffList(`phoneNumber=${encodeURIComponent(phone)}&${query}`);
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .docs.map((order: { _id: string }) => order._id)
        .sort();
    };
    expect(await filtered('startDate=2025-03-10&endDate=2025-03-10')).toEqual(
      [ids.startOfDay, ids.endOfDay].sort(),
    );
    expect(await filtered('startDate=2025-03-10')).toEqual(
      [ids.startOfDay, ids.endOfDay, ids.nextDay].sort(),
    );
    expect(await filtered('endDate=2025-03-09')).toEqual([ids.beforeStart]);
    expect(await filtered('startDate=2025-03-11&endDate=2025-03-11')).toEqual([ids.nextDay]);
  });

  it.each([
    'startDate=2025-13-01',
    'startDate=yesterday',
    'endDate=2025-02-30x',
    'status=shipped',
    'page=0',
    'limit=101',
    'limit=-1',
    'page=abc',
    `phoneNumber=${'9'.repeat(41)}`,
  ])('answers 400 for %s', async (query) => {
    const response = await staffList(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: expect.any(Array) });
  });

  it('is for staff only: guest 401, customer 403, manager, admin and ceo 200', async () => {
    const guest = await staffList('limit=1', null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const asCustomer = await staffList('limit=1', customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ code: 'FORBIDDEN' });
    for (const role of ['manager', 'admin', 'ceo'] as const) {
      const user = role === 'manager' ? manager : await createUser(shop, role);
      expect((await staffList('limit=1', user)).statusCode).toBe(200);
    }
  });
});

describe('PATCH /api/orders/:id', () => {
  it('cancelling returns the stock, un-cancelling takes it again', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeOk(product.id, { items: [{ productId: product.id, quantity: 4, color: 'oq' }] });
    expect(await stockOf(shop, product.id)).toBe(6);

    const cancelled = await patch(order._id, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ _id: order._id, status: 'cancelled', total: 400_000 });
    expect(await stockOf(shop, product.id)).toBe(10);

    // Cancelling again is not a transition and returns nothing more.
    expect((await patch(order._id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await stockOf(shop, product.id)).toBe(10);

    const reopened = await patch(order._id, { status: 'ordered' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().status).toBe('ordered');
    expect(await stockOf(shop, product.id)).toBe(6);
  });

  it('moves between new and ordered without touching the stock', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeOk(product.id, { items: [{ productId: product.id, quantity: 2, color: 'oq' }] });
    expect((await patch(order._id, { status: 'ordered' })).json().status).toBe('ordered');
    expect(await stockOf(shop, product.id)).toBe(8);
    expect((await patch(order._id, { status: 'new' })).json().status).toBe('new');
    expect(await stockOf(shop, product.id)).toBe(8);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('new');
  });

  it('refuses to un-cancel without enough stock (409) and changes nothing', async () => {
    const product = await insertProduct(shop, { stock: 5 });
    const order = await placeOk(product.id, { items: [{ productId: product.id, quantity: 5, color: 'oq' }] });
    await patch(order._id, { status: 'cancelled' });
    expect(await stockOf(shop, product.id)).toBe(5);
    // Someone else buys most of it in the meantime.
    await placeOk(product.id, { items: [{ productId: product.id, quantity: 3, color: 'oq' }] });
    expect(await stockOf(shop, product.id)).toBe(2);

    const response = await patch(order._id, { status: 'new', notes: 'try again' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.any(String) });
    expect(await stockOf(shop, product.id)).toBe(2);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'cancelled', notes: '' });
  });

  it('re-totals line edits on the server whatever total the client sends, and adjusts the stock', async () => {
    const desk = await insertProduct(shop, { stock: 10, price: 100_000 });
    const chair = await insertProduct(shop, { stock: 10, price: 40_000 });
    const order = await placeOk(desk.id, {
      items: [
        { productId: desk.id, quantity: 2, color: 'oq' },
        { productId: chair.id, quantity: 1, color: 'qora' },
      ],
    });
    expect(order.total).toBe(240_000);
    expect(await stockOf(shop, desk.id)).toBe(8);

    const response = await patch(order._id, {
      products: [
        { product: { _id: desk.id }, color: 'oq', quantity: 5, discountedPrice: 90_000 },
        { product: chair.id, color: 'qora', quantity: 1, discountedPrice: null },
      ],
      total: 1,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(5 * 90_000 + 40_000);
    expect(body.products).toEqual([
      {
        product: { _id: desk.id, name: desk.name, productImages: desk.productImages, translations: {} },
        color: 'oq',
        quantity: 5,
        price: 100_000,
        discountedPrice: 90_000,
      },
      {
        product: { _id: chair.id, name: chair.name, productImages: chair.productImages, translations: {} },
        color: 'qora',
        quantity: 1,
        price: 40_000,
        discountedPrice: null,
      },
    ]);
    expect(await stockOf(shop, desk.id)).toBe(5);
    expect(await stockOf(shop, chair.id)).toBe(9);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.total).toBe(490_000);

    // Lowering a quantity gives stock back.
    const lowered = await patch(order._id, {
      products: [
        { product: desk.id, color: 'oq', quantity: 1, discountedPrice: 90_000 },
        { product: chair.id, color: 'qora', quantity: 1 },
      ],
      total: 999_999_999,
    });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().total).toBe(130_000);
    expect(await stockOf(shop, desk.id)).toBe(9);
  });

  it('refuses a line increase beyond the stock with 409 and changes nothing', async () => {
    const product = await insertProduct(shop, { stock: 3 });
    const order = await placeOk(product.id, { items: [{ productId: product.id, quantity: 2, color: 'oq' }] });
    const response = await patch(order._id, {
      products: [{ product: product.id, color: 'oq', quantity: 5 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('OUT_OF_STOCK');
    expect(await stockOf(shop, product.id)).toBe(1);
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
    expect(lines.map((line) => line.quantity)).toEqual([2]);
  });

  it('leaves the stock alone when editing the lines of a cancelled order', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeOk(product.id, { items: [{ productId: product.id, quantity: 2, color: 'oq' }] });
    await patch(order._id, { status: 'cancelled' });
    expect(await stockOf(shop, product.id)).toBe(10);
    const response = await patch(order._id, {
      products: [{ product: product.id, color: 'oq', quantity: 4 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(400_000);
    expect(await stockOf(shop, product.id)).toBe(10);
    // Un-cancelling now takes the edited quantity.
    expect((await patch(order._id, { status: 'new' })).statusCode).toBe(200);
    expect(await stockOf(shop, product.id)).toBe(6);
  });

  it('answers 404 for a line the order does not have', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const other = await insertProduct(shop, { stock: 10 });
    const order = await placeOk(product.id);
    for (const line of [
      { product: other.id, color: 'oq', quantity: 1 },
      { product: product.id, color: 'qora', quantity: 1 },
    ]) {
      const response = await patch(order._id, { products: [line], total: 0 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    expect(await stockOf(shop, product.id)).toBe(9);
    expect(await stockOf(shop, other.id)).toBe(10);
  });

  it('saves notes', async () => {
    const product = await insertProduct(shop);
    const order = await placeOk(product.id);
    const response = await patch(order._id, { notes: 'Call before delivery' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: order._id,
      notes: 'Call before delivery',
      status: 'new',
      total: order.total,
    });
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.notes).toBe('Call before delivery');
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });

  it.each([
    ['an empty body', {}],
    ['an unknown status', { status: 'shipped' }],
    ['quantity 0', { products: [{ product: newId(), color: 'oq', quantity: 0 }] }],
    [
      'a negative discounted price',
      { products: [{ product: newId(), color: 'oq', quantity: 1, discountedPrice: -5 }] },
    ],
    ['an empty line list', { products: [] }],
    ['a malformed line product', { products: [{ product: 'nope', color: 'oq', quantity: 1 }] }],
    ['50 KB of notes', { notes: 'n'.repeat(50_000) }],
    ['notes of the wrong type', { notes: 42 }],
  ])('answers 400 for %s and changes nothing', async (_label, body) => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeOk(product.id);
    const response = await patch(order._id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: expect.any(Array) });
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'new', notes: '', total: 100_000 });
    expect(await stockOf(shop, product.id)).toBe(9);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await patch(newId(), { status: 'ordered' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const malformed = await patch('not-an-id', { status: 'ordered' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
  });

  it('is for staff only', async () => {
    const product = await insertProduct(shop);
    const order = await placeOk(product.id);
    const guest = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      payload: { status: 'cancelled' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await patch(order._id, { status: 'cancelled' }, customer)).statusCode).toBe(403);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('new');
    expect(await stockOf(shop, product.id)).toBe(9);
  });
});

describe('DELETE /api/orders/:id', () => {
  const remove = (id: string, user: TestUser | null = manager) =>
    shop.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: user?.headers ?? {} });

  it('deletes a new order, returns its stock, and answers 404 afterwards', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeOk(product.id, { items: [{ productId: product.id, quantity: 3, color: 'oq' }] });
    expect(await stockOf(shop, product.id)).toBe(7);

    const response = await remove(order._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await stockOf(shop, product.id)).toBe(10);
    expect(await shop.database.db.select().from(orders).where(eq(orders.id, order._id))).toHaveLength(0);
    expect(
      await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, order._id)),
    ).toHaveLength(0);

    const again = await remove(order._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await patch(order._id, { notes: 'x' })).statusCode).toBe(404);
  });

  it('does not return stock twice for a cancelled order', async () => {
    const product = await insertProduct(shop, { stock: 10 });
    const order = await placeOk(product.id, { items: [{ productId: product.id, quantity: 3, color: 'oq' }] });
    await patch(order._id, { status: 'cancelled' });
    expect(await stockOf(shop, product.id)).toBe(10);
    expect((await remove(order._id)).statusCode).toBe(200);
    expect(await stockOf(shop, product.id)).toBe(10);
  });

  it('is for staff only and answers 400 for a malformed id', async () => {
    const product = await insertProduct(shop);
    const order = await placeOk(product.id);
    expect((await remove(order._id, null)).statusCode).toBe(401);
    expect((await remove(order._id, customer)).statusCode).toBe(403);
    expect((await remove('x'.repeat(24))).statusCode).toBe(400);
    expect(
      await shop.database.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [order._id])),
    ).toHaveLength(1);
  });
});
