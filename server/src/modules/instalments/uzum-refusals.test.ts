import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrder } from '@shop/common';
import { FakeUzumNasiya } from '../../test/fake-uzum-nasiya.js';
import { paymentState, placeOrder, transactionsOf } from '../../test/payment-test-kit.js';
import { codeFor } from '../../test/sms.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';

/*
 * Uzum Nasiya saying no is not Uzum Nasiya being away: a 4xx with Uzum's reason is its refusal,
 * passed on with its words (the page shows them under its own sentence and offers the other
 * methods); only an outage is "unavailable, try later". Against the stand-in.
 */
describe('Uzum Nasiya refusals and outages', () => {
  let shop: TestShop;
  let uzum: FakeUzumNasiya;
  let productId: string;

  beforeAll(async () => {
    uzum = await new FakeUzumNasiya().start();
    shop = await buildTestShop({ payments: { uzum_nasiya: uzum.config(), timeoutMinutes: 30 } });
    productId = (await insertProduct(shop, { price: 1_000_000, stock: 100 })).id;
  });
  afterAll(async () => {
    await shop.close();
    await uzum.stop();
  });
  beforeEach(() => {
    uzum.mode = 'up';
    uzum.refusals.clear();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url, payload, headers });
  const proof = async (phone: string) => ({ 'x-phone-code': await codeFor(shop, phone, 'orders', true) });
  const phoneOf = async (order: PlacedOrder) =>
    (await shop.database.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order._id) }))!
      .phoneNumber;
  const contract = async (order: PlacedOrder) =>
    post(
      `/api/orders/${order._id}/instalment?key=${order.orderKey}`,
      { months: 12 },
      await proof(await phoneOf(order)),
    );

  it("sends the shop's order id as ext_order_id when the contract is made", async () => {
    const order = await placeOrder(shop, productId, 'uzum_nasiya');
    const made = await contract(order);
    expect(made.statusCode, made.body).toBe(201);
    expect(uzum.contracts.get(Number(made.json().contractId))!.extOrderId).toBe(order._id);
  });

  it("answers Uzum's refusal of the contract as a refusal with its words; the order can be paid in cash", async () => {
    const reason = 'Xaridor limiti yetarli emas';
    uzum.refusals.set('/api/v1/orders', reason);
    const order = await placeOrder(shop, productId, 'uzum_nasiya');
    const refused = await contract(order);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSTALMENT_REFUSED', providerReason: reason });
    // Nothing was opened for it: the order still waits, and another method takes it.
    expect(await transactionsOf(shop, order._id)).toEqual([]);
    expect((await paymentState(shop, order)).payment.status).toBe('unpaid');
    const cash = await post(`/api/orders/${order._id}/payment?key=${order.orderKey}`, { method: 'cash' });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().payment).toMatchObject({ method: 'cash', status: 'unpaid' });
  });

  it("answers Uzum's refusal of the buyer's check as a refusal, not as Uzum being away", async () => {
    const phoneNumber = '+998901120001';
    const proven = await proof(phoneNumber);
    uzum.refusals.set('/api/v1/buyers/check-status', 'Номер телефона заблокирован');
    const check = await post('/api/instalments/check', { phoneNumber, amount: 1000 }, proven);
    expect(check.statusCode).toBe(409);
    expect(check.json()).toMatchObject({
      code: 'INSTALMENT_REFUSED',
      providerReason: 'Номер телефона заблокирован',
    });
  });

  it.each(['error', 'down', 'silent', 'rate-limited'] as const)(
    'answers an outage (%s) as unavailable, with no reason of Uzum',
    async (mode) => {
      const order = await placeOrder(shop, productId, 'uzum_nasiya');
      const proven = await proof(await phoneOf(order));
      uzum.mode = mode;
      const answer = await post(
        `/api/orders/${order._id}/instalment?key=${order.orderKey}`,
        { months: 12 },
        proven,
      );
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'INSTALMENTS_UNAVAILABLE' });
      expect(answer.json().providerReason).toBeUndefined();
    },
  );

  it("answers Uzum's refusal to send the code with its words, and gives the unsignable contract up", async () => {
    uzum.refusals.set('/v3/buyers/send-code-sms', 'SMS yuborish vaqtincha cheklangan');
    const order = await placeOrder(shop, productId, 'uzum_nasiya');
    const refused = await contract(order);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INSTALMENT_REFUSED',
      providerReason: 'SMS yuborish vaqtincha cheklangan',
    });
    expect((await paymentState(shop, order)).payment.status).toBe('failed');
    const cash = await post(`/api/orders/${order._id}/payment?key=${order.orderKey}`, { method: 'cash' });
    expect(cash.statusCode, cash.body).toBe(200);
    // The contract's transaction is closed: the sweep cancels it at Uzum.
    await shop.app.services.payments.sweep.run();
    expect([...uzum.contracts.values()].find((c) => c.extOrderId === order._id)!.status).toBe(5);
  });
});
