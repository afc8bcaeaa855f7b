import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  truncateAll,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const DAY_MS = 86_400_000;
/** The Tashkent (UTC+5) calendar day of an instant. */
const tashkentDay = (at: number) => new Date(at + 5 * 3_600_000).toISOString().slice(0, 10);

let shop: TestShop;
let manager: TestUser;
let customer: TestUser;
const ids: Record<string, string> = {};

async function placeOrder(productId: string, quantity: number): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Dash',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity, color: 'oq' }],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json()._id;
}

async function setStatus(id: string, status: string) {
  const response = await shop.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}`,
    headers: manager.headers,
    payload: { status },
  });
  expect(response.statusCode).toBe(200);
}

async function moveBack(id: string, ms: number) {
  await shop.database.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(orders.id, id));
}

beforeAll(async () => {
  shop = await buildTestShop();
  await truncateAll(shop);
  manager = await createUser(shop, 'manager');
  customer = await createUser(shop, 'customer');

  const plenty = await insertProduct(shop, { name: 'Plenty', stock: 20, price: 100_000 });
  ids.plenty = plenty.id;
  ids.low3 = (await insertProduct(shop, { name: 'Low three', stock: 3 })).id;
  ids.low5 = (
    await insertProduct(shop, { name: 'Low five', translations: { ru: { name: 'Пять' } }, stock: 5 })
  ).id;
  ids.paused = (await insertProduct(shop, { name: 'Paused one', stock: 1, status: 'onPaused' })).id;
  ids.deleted = (await insertProduct(shop, { name: 'Deleted zero', stock: 0, isDeleted: true })).id;

  ids.today1 = await placeOrder(plenty.id, 1); // new, today, 100 000, paid
  ids.twoDaysAgo = await placeOrder(plenty.id, 2); // new, two days ago, 200 000, paid
  ids.cancelled = await placeOrder(plenty.id, 3); // cancelled, today, 300 000
  ids.ordered = await placeOrder(plenty.id, 1); // ordered, today, 100 000, not paid
  ids.old = await placeOrder(plenty.id, 4); // new, ten days ago, 400 000, paid
  await setStatus(ids.cancelled, 'cancelled');
  await setStatus(ids.ordered, 'ordered');
  // How the money came in is the payments' test: here only that it did.
  await shop.database.db
    .update(orders)
    .set({ paymentStatus: 'paid' })
    .where(inArray(orders.id, [ids.today1, ids.twoDaysAgo, ids.old]));
  await moveBack(ids.twoDaysAgo, 2 * DAY_MS);
  await moveBack(ids.old, 10 * DAY_MS);
});
afterAll(() => shop.close());

function get(url: string, user: TestUser | null = manager) {
  return shop.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
}

async function totalDocs(url: string): Promise<number> {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return response.json().totalDocs;
}

describe('dashboard counts through the list calls', () => {
  it('reads totalDocs of products, orders, new orders and cancelled orders', async () => {
    expect(await totalDocs('/api/products?limit=1')).toBe(3);
    expect(await totalDocs('/api/orders?limit=1')).toBe(5);
    expect(await totalDocs('/api/orders?status=new&limit=1')).toBe(3);
    expect(await totalDocs('/api/orders?status=cancelled&limit=1')).toBe(1);
    const page = (await get('/api/orders?limit=1')).json();
    expect(page.docs).toHaveLength(1);
    expect(page.totalPages).toBe(5);
  });
});

describe('GET /api/dashboard/stats', () => {
  it('answers counts equal to the list calls', async () => {
    const response = await get('/api/dashboard/stats');
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    expect(Object.keys(stats).sort()).toEqual([
      'cancelledOrders',
      'daily',
      'lowStock',
      'newOrders',
      'totalOrders',
      'totalProducts',
    ]);
    expect(stats).toMatchObject({
      totalProducts: await totalDocs('/api/products?limit=1'),
      totalOrders: await totalDocs('/api/orders?limit=1'),
      newOrders: await totalDocs('/api/orders?status=new&limit=1'),
      cancelledOrders: await totalDocs('/api/orders?status=cancelled&limit=1'),
    });
    expect(stats).toMatchObject({ totalProducts: 3, totalOrders: 5, newOrders: 3, cancelledOrders: 1 });
    expect(stats.daily).toHaveLength(30);
  });

  it('gives `days` daily entries, oldest first, ending today (Tashkent), revenue of paid orders only', async () => {
    const response = await get('/api/dashboard/stats?days=7');
    expect(response.statusCode).toBe(200);
    const { daily } = response.json();
    const now = Date.now();
    expect(daily).toEqual(
      Array.from({ length: 7 }, (_, index) => {
        const date = tashkentDay(now - (6 - index) * DAY_MS);
        if (index === 6) return { date, orders: 3, revenue: 100_000 };
        if (index === 4) return { date, orders: 1, revenue: 200_000 };
        return { date, orders: 0, revenue: 0 };
      }),
    );
  });

  it('reaches back to orders older than a week when asked for 30 days', async () => {
    const { daily } = (await get('/api/dashboard/stats?days=30')).json();
    const tenDaysAgo = daily.find(
      (day: { date: string }) => day.date === tashkentDay(Date.now() - 10 * DAY_MS),
    );
    expect(tenDaysAgo).toEqual({ date: tashkentDay(Date.now() - 10 * DAY_MS), orders: 1, revenue: 400_000 });
    const sum = daily.reduce((total: number, day: { revenue: number }) => total + day.revenue, 0);
    expect(sum).toBe(100_000 + 200_000 + 400_000);
  });

  it('lists products at or under the low-stock threshold, lowest first, without deleted ones', async () => {
    const stats = (await get('/api/dashboard/stats')).json();
    expect(stats.lowStock).toEqual([
      {
        _id: ids.paused,
        name: 'Paused one',
        translations: {},
        stock: 1,
        productImages: ['/uploads/products/test.webp'],
      },
      {
        _id: ids.low3,
        name: 'Low three',
        translations: {},
        stock: 3,
        productImages: ['/uploads/products/test.webp'],
      },
      {
        _id: ids.low5,
        name: 'Low five',
        translations: { ru: { name: 'Пять' } },
        stock: 5,
        productImages: ['/uploads/products/test.webp'],
      },
    ]);
    const tighter = (await get('/api/dashboard/stats?lowStock=3')).json();
    expect(tighter.lowStock.map((product: { _id: string }) => product._id)).toEqual([ids.paused, ids.low3]);
    const none = (await get('/api/dashboard/stats?lowStock=0')).json();
    expect(none.lowStock).toEqual([]);
  });

  // On PGlite there is one connection, so a session setting reaches every query of the route.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'counts Tashkent days whatever the session time zone is',
    async () => {
      await shop.database.db.execute(sql`set time zone 'America/New_York'`);
      try {
        const { daily } = (await get('/api/dashboard/stats?days=7')).json();
        expect(daily[6]).toEqual({ date: tashkentDay(Date.now()), orders: 3, revenue: 100_000 });
        expect(daily[4]).toEqual({ date: tashkentDay(Date.now() - 2 * DAY_MS), orders: 1, revenue: 200_000 });
      } finally {
        await shop.database.db.execute(sql`set time zone 'UTC'`);
      }
    },
  );

  it.each(['days=0', 'days=366', 'days=abc', 'lowStock=-1', 'lowStock=1001'])(
    'answers 400 for %s',
    async (query) => {
      const response = await get(`/api/dashboard/stats?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: expect.any(Array) });
    },
  );

  it('is for staff only: guests 401, customers 403, admin and ceo 200', async () => {
    const guest = await get('/api/dashboard/stats', null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    const asCustomer = await get('/api/dashboard/stats', customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('FORBIDDEN');
    for (const role of ['admin', 'ceo'] as const) {
      expect((await get('/api/dashboard/stats', await createUser(shop, role))).statusCode).toBe(200);
    }
  });
});
