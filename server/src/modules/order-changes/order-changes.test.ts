import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod, PlacedOrder } from '@shop/common';
import { auditLog, orderNews, receivedPayments, staffAlerts } from '../../db/schema.js';
import { placeCompanyOrder, shopperAddress } from '../../test/company-test-kit.js';
import { FakeBotApi } from '../../test/fake-bot-api.js';
import { PAYME, payme } from '../../test/payment-test-kit.js';
import { TEST_BOT_TOKEN } from '../../test/telegram.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  stockOf,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';
import { alertOf } from './change-effects.js';

let api: FakeBotApi;
let shop: TestShop;
let admin: TestUser;
let productId: string;
let telegramId = 710_000_000 + Math.floor(Math.random() * 1_000_000);

beforeAll(async () => {
  api = await new FakeBotApi().start();
  shop = await buildTestShop({
    payments: { payme: PAYME },
    telegramShop: { token: TEST_BOT_TOKEN, apiRoot: api.url, pollMs: 20, maxBackoffMs: 100 },
    orderLimits: { enabled: false },
  });
  admin = await createUser(shop, 'admin', 'Aziz Rahimov');
  productId = (await insertProduct(shop, { price: 300_000, stock: 100 })).id;
});
afterAll(async () => {
  await shop.close();
  await api.stop();
});

/** A phone whose account is linked to a Telegram chat with its news on. */
async function linkedPhone(): Promise<string> {
  const phone = uniquePhone();
  const chatId = telegramId++;
  await shop.app.services.telegramShop.links.link({
    telegramUserId: chatId,
    chatId,
    phone,
    fullName: 'Bobur',
    language: 'uz',
  });
  return phone;
}

async function placeOrder(paymentMethod: PaymentMethod, phoneNumber = uniquePhone()): Promise<PlacedOrder> {
  if (paymentMethod === 'bank_transfer') return placeCompanyOrder(shop, productId, 1, { phoneNumber });
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: shopperAddress(),
    payload: {
      customerName: 'Bobur',
      phoneNumber,
      items: [{ productId, quantity: 1, color: 'oq' }],
      paymentMethod,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Staff record the money by hand: cash at the door, or a company's transfer. */
const record = (order: PlacedOrder, amount: number) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/orders/${order._id}/payments/${order.payment.method === 'cash' ? 'cash' : 'bank-transfer'}`,
    headers: admin.headers,
    payload:
      order.payment.method === 'cash' ? { amount } : { amount, paidAt: '2026-11-20', reference: 'PP-1' },
  });

async function payThroughPayme(order: PlacedOrder): Promise<void> {
  const id = `pm-${order._id}`;
  const account = { order_id: order._id };
  const created = await payme(shop, 'CreateTransaction', {
    id,
    time: Date.now(),
    amount: order.total * 100,
    account,
  });
  expect(created.result?.state, JSON.stringify(created)).toBe(1);
  expect((await payme(shop, 'PerformTransaction', { id })).result?.state).toBe(2);
}

const db = () => shop.database.db;
const alertsOf = async (orderId: string) =>
  (await db().select().from(staffAlerts).where(eq(staffAlerts.orderId, orderId))).map((row) => row.kind);
const newsOf = async (orderId: string) =>
  (await db().select().from(orderNews).where(eq(orderNews.orderId, orderId)).orderBy(asc(orderNews.id))).map(
    (row) => row.event,
  );
const auditOf = (orderId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));
const moneyOf = (orderId: string) =>
  db().select().from(receivedPayments).where(eq(receivedPayments.orderId, orderId));

describe('what a change tells, from the order before and after it', () => {
  const order = { status: 'new', paymentStatus: 'unpaid' } as const;

  it('tells staff of money arriving, of a cancel, and of a hold ended, and of nothing else', () => {
    expect(alertOf(['paid'], order, { ...order, paymentStatus: 'paid' })).toBe('paymentReceived');
    expect(alertOf(['statusSet'], order, { status: 'cancelled', paymentStatus: 'cancelled' })).toBe(
      'orderCancelled',
    );
    expect(alertOf(['holdExpired'], order, { status: 'cancelled', paymentStatus: 'cancelled' })).toBe(
      'orderExpired',
    );
    expect(
      alertOf(
        ['refunded'],
        { status: 'ordered', paymentStatus: 'paid' },
        { status: 'cancelled', paymentStatus: 'refunded' },
      ),
    ).toBe('orderCancelled');
    // Already cancelled: a refund arriving later tells no one again.
    expect(
      alertOf(
        ['refunded'],
        { status: 'cancelled', paymentStatus: 'paid' },
        { status: 'cancelled', paymentStatus: 'refunded' },
      ),
    ).toBeUndefined();
    expect(
      alertOf(
        ['paymentFailed'],
        { ...order, paymentStatus: 'pending' },
        { ...order, paymentStatus: 'failed' },
      ),
    ).toBeUndefined();
    expect(alertOf(['statusSet'], order, { ...order, status: 'ordered' })).toBeUndefined();
  });
});

describe('money received, the same whatever the method', () => {
  it('answers a wrong amount with the same 409 AMOUNT_MISMATCH naming amount, for cash and for a transfer', async () => {
    for (const method of ['cash', 'bank_transfer'] as const) {
      const order = await placeOrder(method);
      for (const amount of [order.total - 1, order.total + 1, 0]) {
        const response = await record(order, amount);
        expect(response.statusCode, `${method} ${amount}`).toBe(409);
        expect(response.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', errors: [{ path: 'amount' }] });
      }
      expect(await moneyOf(order._id)).toEqual([]);
      expect((await record(order, order.total)).statusCode).toBe(200);
      expect((await record(order, order.total)).json().code, method).toBe('ORDER_PAID');
    }
  });

  it('refuses a cancelled order with the same 409 ORDER_CANCELLED for cash and for a transfer', async () => {
    for (const method of ['cash', 'bank_transfer'] as const) {
      const order = await placeOrder(method);
      const cancel = await shop.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order._id}`,
        headers: admin.headers,
        payload: { status: 'cancelled' },
      });
      expect(cancel.statusCode).toBe(200);
      const response = await record(order, order.total);
      expect(response.statusCode, method).toBe(409);
      expect(response.json().code, method).toBe('ORDER_CANCELLED');
    }
  });

  it("tells staff and the customer's chat of every payment, by cash, transfer or Payme, and keeps one receipt each", async () => {
    const phone = await linkedPhone();
    const cash = await placeOrder('cash', phone);
    const transfer = await placeOrder('bank_transfer', phone);
    const online = await placeOrder('payme', phone);
    expect((await record(cash, cash.total)).statusCode).toBe(200);
    expect((await record(transfer, transfer.total)).statusCode).toBe(200);
    await payThroughPayme(online);

    for (const order of [cash, transfer, online]) {
      const method = order.payment.method;
      expect((await alertsOf(order._id)).sort(), method).toEqual(['orderPlaced', 'paymentReceived']);
      expect(await newsOf(order._id), method).toEqual(['placed', 'paid']);
      const money = await moneyOf(order._id);
      expect(money, method).toHaveLength(1);
      expect(money[0], method).toMatchObject({ method, amount: order.total });
    }
    expect((await moneyOf(cash._id))[0]).toMatchObject({
      recordedById: admin.id,
      recordedByName: 'Aziz Rahimov',
    });
    expect((await moneyOf(transfer._id))[0]).toMatchObject({ reference: 'PP-1', recordedById: admin.id });
    expect((await moneyOf(online._id))[0]).toMatchObject({
      recordedById: null,
      transactionId: expect.any(Number),
    });
    // Staff answer for what they record; a provider's payment is its own record.
    expect(await auditOf(cash._id)).toHaveLength(1);
    expect(await auditOf(transfer._id)).toHaveLength(1);
    expect(await auditOf(online._id)).toHaveLength(0);
  });
});

describe('a staff edit is one change of the order', () => {
  it('writes one audit entry and tells what the status change calls for, the stock following', async () => {
    const phone = await linkedPhone();
    const order = await placeOrder('cash', phone);
    const before = await stockOf(shop, productId);
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: 'cancelled', notes: 'Xaridor qoʻngʻiroq qildi' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockOf(shop, productId)).toBe(before + 1);
    const entries = await auditOf(order._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({
      status: { before: 'new', after: 'cancelled' },
      paymentStatus: { before: 'unpaid', after: 'cancelled' },
      notes: { before: '', after: 'Xaridor qoʻngʻiroq qildi' },
    });
    expect((await alertsOf(order._id)).sort()).toEqual(['orderCancelled', 'orderPlaced']);
    expect(await newsOf(order._id)).toEqual(['placed', 'cancelled']);

    // Taken back: the stock is taken again; the customer hears nothing new, staff neither.
    const back = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: 'new' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stockOf(shop, productId)).toBe(before);
    expect(await newsOf(order._id)).toEqual(['placed', 'cancelled']);
    expect(await auditOf(order._id)).toHaveLength(2);
  });
});
