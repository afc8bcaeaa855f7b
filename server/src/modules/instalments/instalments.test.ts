import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrder } from '@shop/common';
import { FakeUzumNasiya } from '../../test/fake-uzum-nasiya.js';
import { FakeClock, paymentState, placeOrder, transactionsOf } from '../../test/payment-test-kit.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  stockOf,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const PRICE = 1_000_000;
const MINUTE_MS = 60_000;

describe('instalments switched off', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await buildTestShop();
  });
  afterAll(() => shop.close());

  it('offers no terms, no offer, no check and no method', async () => {
    const terms = await shop.app.inject({ url: '/api/instalments/terms' });
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({ provider: 'uzum_nasiya', plans: [] });
    expect((await shop.app.inject({ url: '/api/instalments/offer?amount=1000' })).statusCode).toBe(404);
    const check = await shop.app.inject({
      method: 'POST',
      url: '/api/instalments/check',
      payload: { phoneNumber: '+998901234567', amount: 1000 },
    });
    expect(check.statusCode).toBe(404);
    expect((await shop.app.inject({ url: '/api/payments/methods' })).json().methods).toEqual([
      'cash',
      'bank_transfer',
    ]);
  });
});

describe('instalments through Uzum Nasiya', () => {
  let shop: TestShop;
  let uzum: FakeUzumNasiya;
  let admin: TestUser;
  let productId: string;
  const clock = new FakeClock();
  const sweep = () => shop.app.services.payments.sweep.run();

  beforeAll(async () => {
    uzum = await new FakeUzumNasiya().start();
    shop = await buildTestShop({ payments: { uzum_nasiya: uzum.config(), timeoutMinutes: 30 }, clock });
    admin = await createUser(shop, 'admin');
    productId = (await insertProduct(shop, { price: PRICE, stock: 100 })).id;
  });
  afterAll(async () => {
    await shop.close();
    await uzum.stop();
  });
  beforeEach(() => {
    uzum.mode = 'up';
  });

  const post = (url: string, payload?: object) => shop.app.inject({ method: 'POST', url, payload });
  const contract = (order: PlacedOrder, months = 12, key = order.orderKey) =>
    post(`/api/orders/${order._id}/instalment?key=${key}`, { months });
  const confirm = (order: PlacedOrder, code: string) =>
    post(`/api/orders/${order._id}/instalment/confirm?key=${order.orderKey}`, { code });
  const phoneOf = async (order: PlacedOrder) =>
    (await shop.database.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order._id) }))!
      .phoneNumber;

  it('advertises the terms and the monthly price of an amount', async () => {
    expect((await shop.app.inject({ url: '/api/payments/methods' })).json().methods).toEqual([
      'cash',
      'uzum_nasiya',
      'bank_transfer',
    ]);
    expect((await shop.app.inject({ url: '/api/instalments/terms' })).json()).toEqual({
      provider: 'uzum_nasiya',
      plans: [
        { months: 6, markupPercent: 26 },
        { months: 12, markupPercent: 44 },
      ],
    });
    const offer = await shop.app.inject({ url: '/api/instalments/offer?amount=1000' });
    expect(offer.json()).toEqual({
      provider: 'uzum_nasiya',
      plans: [
        { months: 6, monthly: 210, total: 1260, overpayment: 260 },
        { months: 12, monthly: 120, total: 1440, overpayment: 440 },
      ],
    });
    expect((await shop.app.inject({ url: '/api/instalments/offer?amount=abc' })).statusCode).toBe(400);
  });

  it("checks the buyer: verified gets Uzum's own plans, unregistered the registration page, refused nothing", async () => {
    uzum.setBuyer('+998901110001', 4);
    uzum.setBuyer('+998901110002', 1);
    uzum.setBuyer('+998901110003', 403);
    const check = (phoneNumber: string) => post('/api/instalments/check', { phoneNumber, amount: 1000 });
    expect((await check('+998901110001')).json()).toEqual({
      status: 'verified',
      plans: [
        { months: 6, monthly: 210, total: 1260, overpayment: 260 },
        { months: 12, monthly: 120, total: 1440, overpayment: 440 },
      ],
    });
    expect((await check('+998901110002')).json()).toEqual({
      status: 'register',
      registrationUrl: 'https://auth.uzumnasiya.test/?phone=998901110002',
    });
    expect((await check('+998901110003')).json()).toEqual({ status: 'refused' });
    expect((await check('12')).statusCode).toBe(400);
    expect([...uzum.authorizations]).toEqual([`Bearer ${uzum.token}`]);
  });

  it.each(['down', 'silent', 'rate-limited', 'error'] as const)(
    'answers 503 INSTALMENTS_UNAVAILABLE at once when Uzum is %s',
    async (mode) => {
      uzum.mode = mode;
      const started = Date.now();
      const check = await post('/api/instalments/check', { phoneNumber: '+998901110001', amount: 1000 });
      expect(check.statusCode).toBe(503);
      expect(check.json()).toMatchObject({ code: 'INSTALMENTS_UNAVAILABLE' });
      expect(check.body).not.toContain(uzum.token);
      expect(Date.now() - started).toBeLessThan(3000);
    },
  );

  it('makes the contract, takes the SMS code (wrong, then right) and records the order paid once', async () => {
    const stock = await stockOf(shop, productId);
    const order = await placeOrder(shop, productId, 'uzum_nasiya');
    expect((await contract(order, 12, 'wrong-key')).statusCode).toBe(404);
    expect((await contract(order, 9)).statusCode).toBe(400);

    const made = await contract(order);
    expect(made.statusCode, made.body).toBe(201);
    const { contractId, monthly } = made.json();
    expect(made.json()).toEqual({
      contractId,
      months: 12,
      monthly: 120_000,
      total: 1_440_000,
      overpayment: 440_000,
    });
    expect(await paymentState(shop, order)).toMatchObject({
      payment: { method: 'uzum_nasiya', status: 'pending', instalment: { months: 12, monthly, contractId } },
    });
    expect(uzum.callsTo('/v3/buyers/send-code-sms')).toBeGreaterThan(0);

    const wrong = await confirm(order, '9999');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INSTALMENT_CODE_WRONG' });
    expect((await paymentState(shop, order)).payment.status).toBe('pending');

    const activationsBefore = uzum.activations;
    const right = await confirm(order, uzum.code);
    expect(right.json()).toEqual({ status: 'paid' });
    expect(uzum.activations).toBe(activationsBefore + 1);
    expect(await paymentState(shop, order)).toMatchObject({
      status: 'new',
      payment: {
        method: 'uzum_nasiya',
        status: 'paid',
        instalment: { months: 12, monthly: 120_000, contractId },
      },
    });
    expect((await confirm(order, uzum.code)).statusCode).toBe(409);
    expect(await sweep()).toEqual({ ordersCancelled: 0, transactionsClosed: 0 });
    expect(uzum.activations).toBe(activationsBefore + 1);
    expect(await stockOf(shop, productId)).toBe(stock - 1);
    expect((await transactionsOf(shop, order._id)).map((t) => t.state)).toEqual([2]);
  });

  it('refuses a contract to a buyer Uzum refuses, and to a cash order', async () => {
    const order = await placeOrder(shop, productId, 'uzum_nasiya');
    uzum.setBuyer(await phoneOf(order), 8);
    expect((await contract(order)).json()).toMatchObject({ code: 'INSTALMENT_REFUSED' });
    const cash = await placeOrder(shop, productId, 'cash');
    expect((await contract(cash)).statusCode).toBe(409);
  });

  it('staff cancel: the order is cancelled, its stock back once, and the sweep cancels the contract at Uzum', async () => {
    const stock = await stockOf(shop, productId);
    const order = await placeOrder(shop, productId, 'uzum_nasiya', 2);
    const { contractId } = (await contract(order)).json();
    const cancel = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(shop, productId)).toBe(stock);
    await sweep();
    expect(uzum.contracts.get(Number(contractId))!.status).toBe(5);
    const cancels = uzum.callsTo('/api/v1/contracts/cancel');
    await sweep();
    expect(uzum.callsTo('/api/v1/contracts/cancel')).toBe(cancels);
    expect((await confirm(order, uzum.code)).statusCode).toBe(409);
    expect(await stockOf(shop, productId)).toBe(stock);
  });

  it('a refund of a paid instalment order cancels the contract at Uzum', async () => {
    const order = await placeOrder(shop, productId, 'uzum_nasiya');
    const { contractId } = (await contract(order)).json();
    expect((await confirm(order, uzum.code)).json()).toEqual({ status: 'paid' });
    const plain = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(plain.json()).toMatchObject({ code: 'ORDER_PAID' });
    const refund = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: 'cancelled', paymentRefunded: true },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await sweep();
    expect(uzum.contracts.get(Number(contractId))!.status).toBe(5);
    expect((await paymentState(shop, order)).payment.status).toBe('refunded');
  });

  it('the sweep records a contract the buyer signed elsewhere; one Uzum cancelled leaves its order to be paid another way', async () => {
    const stock = await stockOf(shop, productId);
    const signed = await placeOrder(shop, productId, 'uzum_nasiya');
    const dropped = await placeOrder(shop, productId, 'uzum_nasiya');
    uzum.contracts.get(Number((await contract(signed)).json().contractId))!.status = 1;
    uzum.contracts.get(Number((await contract(dropped)).json().contractId))!.status = 5;
    uzum.mode = 'down';
    await sweep();
    expect((await paymentState(shop, signed)).payment.status).toBe('pending');
    uzum.mode = 'up';
    await sweep();
    expect((await paymentState(shop, signed)).payment.status).toBe('paid');
    // A payment that did not go through keeps its order and stock for the rest of the window.
    expect(await paymentState(shop, dropped)).toMatchObject({
      status: 'new',
      payment: { status: 'failed' },
    });
    await sweep();
    expect(await stockOf(shop, productId)).toBe(stock - 2);
  });

  it('a right code whose confirm got no answer is confirmed by the sweep, once', async () => {
    const order = await placeOrder(shop, productId, 'uzum_nasiya');
    const { contractId } = (await contract(order)).json();
    uzum.failOnce = '/api/v1/contracts/confirm';
    expect((await confirm(order, uzum.code)).json()).toEqual({ status: 'pending' });
    // The page reloaded: the code is typed again; Uzum is not asked again, no code is sent again.
    const checks = uzum.callsTo('/v3/buyers/check-code-sms');
    expect((await confirm(order, uzum.code)).json()).toEqual({ status: 'pending' });
    expect(uzum.callsTo('/v3/buyers/check-code-sms')).toBe(checks);
    const resend = await post(`/api/orders/${order._id}/instalment/code?key=${order.orderKey}`);
    expect(resend.json()).toMatchObject({ code: 'PAYMENT_PENDING' });
    await sweep();
    expect(uzum.contracts.get(Number(contractId))!.status).toBe(0);
    clock.advance(MINUTE_MS);
    const activations = uzum.activations;
    await sweep();
    await sweep();
    expect(uzum.activations).toBe(activations + 1);
    expect((await paymentState(shop, order)).payment.status).toBe('paid');
  });

  it('times out like other online payments: the order is cancelled, stock back once, the contract cancelled', async () => {
    const own = (await insertProduct(shop, { price: PRICE, stock: 10 })).id;
    const order = await placeOrder(shop, own, 'uzum_nasiya', 3);
    const { contractId } = (await contract(order)).json();
    expect(await stockOf(shop, own)).toBe(7);
    clock.advance(30 * MINUTE_MS);
    // Orders earlier tests left unpaid time out in the same pass.
    expect((await sweep()).ordersCancelled).toBeGreaterThanOrEqual(1);
    expect(await paymentState(shop, order)).toMatchObject({
      status: 'cancelled',
      payment: { status: 'cancelled' },
    });
    expect(await stockOf(shop, own)).toBe(10);
    await sweep();
    expect(uzum.contracts.get(Number(contractId))!.status).toBe(5);
    await sweep();
    expect(await stockOf(shop, own)).toBe(10);
  });
});
