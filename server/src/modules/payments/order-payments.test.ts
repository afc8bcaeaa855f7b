import { codeFor } from '../../test/sms.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PlacedOrder } from '@shop/common';
import {
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
  stockOf,
} from '../../test/test-app.js';
import {
  CLICK,
  FakeClock,
  HOUR_MS,
  PAYME,
  click,
  newClickTransId,
  orderRow,
  payme,
  paymentState,
  placeOrder,
  transactionsOf,
} from '../../test/payment-test-kit.js';

/** The payment on the wire: methods, the order's payment, the confirmation read, staff filters and rules. */

const PRICE = 320_000;

describe('a shop with no provider configured', () => {
  let shop: TestShop;
  let productId: string;
  beforeAll(async () => {
    shop = await buildTestShop();
    productId = (await insertProduct(shop, { price: PRICE, stock: 5 })).id;
  });
  afterAll(() => shop.close());

  it('offers cash only', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(response.json()).toEqual({ methods: ['cash', 'bank_transfer'] });
  });

  it('takes orders as before: cash on delivery, unpaid, no payment page', async () => {
    const order = await placeOrder(shop, productId, 'cash');
    expect(order.payment).toEqual({ method: 'cash', status: 'unpaid', paidAt: null });
  });

  it('refuses an online method with 400 PAYMENT_METHOD_UNAVAILABLE and takes no stock', async () => {
    for (const paymentMethod of ['payme', 'click']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customerName: 'Olim',
          phoneNumber: uniquePhone(),
          items: [{ productId, quantity: 1, color: 'oq' }],
          paymentMethod,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PAYMENT_METHOD_UNAVAILABLE',
        errors: [{ path: 'paymentMethod' }],
      });
    }
    expect(await stockOf(shop, productId)).toBe(4);
  });

  it("answers the providers' endpoints as refusals: no key can match", async () => {
    const order = await placeOrder(shop, productId, 'cash');
    const paymeReply = await payme(shop, 'CheckPerformTransaction', {
      amount: PRICE * 100,
      account: { order_id: order._id },
    });
    expect(paymeReply.error?.code).toBe(-32504);
    const clickReply = await click(shop, 'prepare', {
      click_trans_id: newClickTransId(),
      merchant_trans_id: order._id,
      amount: String(PRICE),
    });
    expect(clickReply.error).toBe(-1);
  });
});

describe('a shop with Payme and Click', () => {
  let shop: TestShop;
  let manager: TestUser;
  let productId: string;
  const clock = new FakeClock();

  beforeAll(async () => {
    shop = await buildTestShop({ payments: { payme: PAYME, click: CLICK }, clock });
    manager = await createUser(shop, 'manager');
    productId = (await insertProduct(shop, { price: PRICE, stock: 1000 })).id;
  });
  afterAll(() => shop.close());

  const patch = (id: string, payload: object) =>
    shop.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: manager.headers, payload });
  const remove = (id: string) =>
    shop.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: manager.headers });

  let paymeIds = 0;
  async function paymeHold(order: Order) {
    const id = `7a${String((paymeIds += 1)).padStart(22, '0')}`;
    const reply = await payme(shop, 'CreateTransaction', {
      id,
      time: clock.now().getTime(),
      amount: order.total * 100,
      account: { order_id: order._id },
    });
    expect(reply.result?.state).toBe(1);
    return id;
  }
  async function paymePaid(order: Order) {
    const id = await paymeHold(order);
    expect((await payme(shop, 'PerformTransaction', { id })).result?.state).toBe(2);
    return id;
  }

  it('offers the configured methods in order, for any caller', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(response.json()).toEqual({ methods: ['cash', 'payme', 'click', 'bank_transfer'] });
    const clickOnly = await buildTestShop({ payments: { click: CLICK } });
    try {
      const answer = await clickOnly.app.inject({ method: 'GET', url: '/api/payments/methods' });
      expect(answer.json()).toEqual({ methods: ['cash', 'click', 'bank_transfer'] });
    } finally {
      await clickOnly.close();
    }
  });

  it("gives a Payme order Payme's checkout page: merchant, order, amount in tiyin and the return page", async () => {
    const order = await placeOrder(shop, productId, 'payme', 2);
    expect(order.payment).toEqual({
      method: 'payme',
      status: 'unpaid',
      paidAt: null,
      checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.test\.paycom\.uz\/[A-Za-z0-9+/=]+$/),
    });
    const encoded = order.payment.checkoutUrl!.slice(PAYME.checkoutUrl.length + 1);
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(
      `m=${PAYME.merchantId};ac.order_id=${order._id};a=${2 * PRICE * 100};` +
        `c=http://shop.test/order-confirmation?order=${order._id}&key=${order.orderKey}`,
    );
  });

  it("gives a Click order Click's payment page, the amount in so'm", async () => {
    const order = await placeOrder(shop, productId, 'click');
    const url = new URL(order.payment.checkoutUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(CLICK.checkoutUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: CLICK.serviceId,
      merchant_id: CLICK.merchantId,
      amount: String(PRICE),
      transaction_param: order._id,
      return_url: `http://shop.test/order-confirmation?order=${order._id}&key=${order.orderKey}`,
    });
  });

  it('keeps the payment page while the payment is pending and drops it once paid', async () => {
    const order = await placeOrder(shop, productId, 'payme');
    const id = await paymeHold(order);
    expect((await paymentState(shop, order)).payment).toMatchObject({
      status: 'pending',
      checkoutUrl: expect.any(String),
    });
    await payme(shop, 'PerformTransaction', { id });
    const { payment } = await paymentState(shop, order);
    expect(payment).toEqual({ method: 'payme', status: 'paid', paidAt: clock.now().toISOString() });
  });

  describe('the confirmation read', () => {
    it('answers with the number, lines, total, status and payment, and nothing about the shopper', async () => {
      const phone = uniquePhone();
      const name = 'Sevara Rashidova';
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customerName: name,
          phoneNumber: phone,
          items: [{ productId, quantity: 1, color: 'oq' }],
          paymentMethod: 'click',
        },
      });
      const order: PlacedOrder = response.json();
      const read = await shop.app.inject({
        method: 'GET',
        url: `/api/orders/${order._id}?key=${order.orderKey}`,
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(read.json()).toEqual({
        _id: order._id,
        orderNumber: `#${order._id.slice(-6).toUpperCase()}`,
        createdAt: order.createdAt,
        total: PRICE,
        status: 'new',
        products: order.products,
        payment: order.payment,
        delivery: {
          method: 'arrange',
          assembly: false,
          fee: 0,
          assemblyFee: 0,
          carryFee: 0,
          status: 'awaiting',
        },
      });
      // No trace of the shopper, whatever the spelling.
      const digits = phone.replace(/\D/g, '');
      expect(read.body).not.toContain(digits.slice(-7));
      expect(read.body.toLowerCase()).not.toContain('sevara');
      expect(read.body.toLowerCase()).not.toContain('rashidova');
      expect(read.body).not.toMatch(/customer|phone|fullName|notes/i);
    });

    it('keeps the key in the return address of a later read, so the provider sends a guest back to a page they can open', async () => {
      const order = await placeOrder(shop, productId, 'click');
      const { payment } = await paymentState(shop, order);
      expect(new URL(payment.checkoutUrl!).searchParams.get('return_url')).toBe(
        `http://shop.test/order-confirmation?order=${order._id}&key=${order.orderKey}`,
      );
    });
  });

  it('shows the payment on every order staff and shoppers read', async () => {
    const order = await placeOrder(shop, productId, 'payme');
    const list = await shop.app.inject({
      method: 'GET',
      url: '/api/orders?limit=100',
      headers: manager.headers,
    });
    // Only the placing answer holds the order key: other reads' return address goes without it.
    const keyless = { ...order.payment, checkoutUrl: expect.any(String) };
    const listed = list.json().docs.find((doc: Order) => doc._id === order._id);
    expect(listed.payment).toEqual(keyless);
    const lookup = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/customer/${encodeURIComponent(order.customer.phoneNumber)}`,
      headers: { 'x-phone-code': await codeFor(shop, order.customer.phoneNumber, 'orders') },
    });
    expect(lookup.json().data[0].payment).toEqual(keyless);
    const patched = await patch(order._id, { notes: 'Call first' });
    expect(patched.json().payment).toEqual(keyless);
    const encoded = patched.json().payment.checkoutUrl.slice(PAYME.checkoutUrl.length + 1);
    expect(Buffer.from(encoded, 'base64').toString('utf8')).not.toContain(order.orderKey);
  });

  it('filters the staff list by payment status and method', async () => {
    const paid = await placeOrder(shop, productId, 'payme');
    await paymePaid(paid);
    const pending = await placeOrder(shop, productId, 'payme');
    await paymeHold(pending);
    const cash = await placeOrder(shop, productId, 'cash');
    const list = async (query: string) => {
      const response = await shop.app.inject({
        method: 'GET',
        url: `/api/orders?limit=100&${query}`,
        headers: manager.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().docs as Order[];
    };
    const ids = (orders: Order[]) => orders.map((order) => order._id);

    const paidOrders = await list('paymentStatus=paid');
    expect(ids(paidOrders)).toContain(paid._id);
    expect(paidOrders.every((order) => order.payment.status === 'paid')).toBe(true);
    expect(ids(await list('paymentStatus=pending'))).toContain(pending._id);
    const cashOrders = await list('paymentMethod=cash');
    expect(ids(cashOrders)).toContain(cash._id);
    expect(cashOrders.every((order) => order.payment.method === 'cash')).toBe(true);
    const paidPayme = await list('paymentMethod=payme&paymentStatus=paid&status=new');
    expect(ids(paidPayme)).toContain(paid._id);
    expect(ids(paidPayme)).not.toContain(pending._id);
    expect((await list('paymentStatus=all&paymentMethod=all')).length).toBeGreaterThanOrEqual(3);

    for (const query of ['paymentStatus=settled', 'paymentMethod=card']) {
      const response = await shop.app.inject({
        method: 'GET',
        url: `/api/orders?${query}`,
        headers: manager.headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  describe('staff and a paid order', () => {
    it('refuses to cancel or delete it (409 ORDER_PAID, the refund goes through the cabinet), stock untouched', async () => {
      const order = await placeOrder(shop, productId, 'payme', 2);
      await paymePaid(order);
      const stock = await stockOf(shop, productId);
      const cancel = await patch(order._id, { status: 'cancelled' });
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json()).toMatchObject({ code: 'ORDER_PAID', message: expect.stringMatching(/refund/i) });
      const deleted = await remove(order._id);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().code).toBe('ORDER_PAID');
      const lines = await patch(order._id, {
        products: [{ product: productId, color: 'oq', quantity: 1, discountedPrice: null }],
      });
      expect(lines.statusCode).toBe(409);
      expect(lines.json().code).toBe('ORDER_PAID');
      expect(await stockOf(shop, productId)).toBe(stock);
      expect(await orderRow(shop, order._id)).toMatchObject({
        status: 'new',
        paymentStatus: 'paid',
        total: 2 * PRICE,
      });
    });

    it("records a refund made in Click's cabinet when staff cancel a Click order confirming it", async () => {
      const stock = await stockOf(shop, productId);
      const order = await placeOrder(shop, productId, 'click', 2);
      const amount = String(2 * PRICE);
      const prepare = await click(shop, 'prepare', {
        click_trans_id: newClickTransId(),
        merchant_trans_id: order._id,
        amount,
      });
      await click(shop, 'complete', {
        click_trans_id: String(prepare.click_trans_id),
        merchant_prepare_id: String(prepare.merchant_prepare_id),
        merchant_trans_id: order._id,
        amount,
      });
      const unconfirmed = await patch(order._id, { status: 'cancelled' });
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json()).toMatchObject({
        code: 'ORDER_PAID',
        message: expect.stringMatching(/Click/),
      });
      const misplaced = await patch(order._id, { status: 'ordered', paymentRefunded: true });
      expect(misplaced.statusCode).toBe(400);

      const refunded = await patch(order._id, { status: 'cancelled', paymentRefunded: true });
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json()).toMatchObject({
        status: 'cancelled',
        payment: { method: 'click', status: 'refunded' },
      });
      expect(await stockOf(shop, productId)).toBe(stock);
      expect((await transactionsOf(shop, order._id)).map((row) => [row.state, row.reason])).toEqual([
        [-2, 5],
      ]);
      // Click's complete repeated afterwards finds the payment gone and keeps it so.
      const late = await click(shop, 'complete', {
        click_trans_id: String(prepare.click_trans_id),
        merchant_prepare_id: String(prepare.merchant_prepare_id),
        merchant_trans_id: order._id,
        amount,
      });
      expect(late.error).toBe(-9);
    });

    it('will not record a refund for Payme, whose cabinet refund reaches the shop by itself', async () => {
      const order = await placeOrder(shop, productId, 'payme');
      await paymePaid(order);
      const response = await patch(order._id, { status: 'cancelled', paymentRefunded: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ORDER_PAID', message: expect.stringMatching(/Payme/) });
    });

    it('lets staff move it on (ordered) and add notes', async () => {
      const order = await placeOrder(shop, productId, 'click');
      const prepare = await click(shop, 'prepare', {
        click_trans_id: newClickTransId(),
        merchant_trans_id: order._id,
        amount: String(PRICE),
      });
      await click(shop, 'complete', {
        click_trans_id: String(prepare.click_trans_id),
        merchant_prepare_id: String(prepare.merchant_prepare_id),
        merchant_trans_id: order._id,
        amount: String(PRICE),
      });
      const moved = await patch(order._id, { status: 'ordered', notes: 'Delivered Tuesday' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ status: 'ordered', payment: { status: 'paid' } });
    });
  });

  describe('staff and an order being paid', () => {
    it('refuses line edits (409 PAYMENT_PENDING) while the provider holds it', async () => {
      const order = await placeOrder(shop, productId, 'payme');
      await paymeHold(order);
      const response = await patch(order._id, {
        products: [{ product: productId, color: 'oq', quantity: 3, discountedPrice: null }],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('PAYMENT_PENDING');
    });

    it('cancels it: stock back, the transaction closed, so a late perform is refused', async () => {
      const stock = await stockOf(shop, productId);
      const order = await placeOrder(shop, productId, 'payme', 4);
      const id = await paymeHold(order);
      const cancel = await patch(order._id, { status: 'cancelled' });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json()).toMatchObject({ status: 'cancelled', payment: { status: 'cancelled' } });
      expect(cancel.json().payment.checkoutUrl).toBeUndefined();
      expect(await stockOf(shop, productId)).toBe(stock);
      expect((await payme(shop, 'PerformTransaction', { id })).error?.code).toBe(-31008);
      expect((await payme(shop, 'CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 3 });
      // Payme's own cancel afterwards answers the recorded state and moves no stock.
      expect((await payme(shop, 'CancelTransaction', { id, reason: 2 })).result?.state).toBe(-1);
      expect(await stockOf(shop, productId)).toBe(stock);
    });

    it('deletes it with its transaction closed, and the ledger still answers Payme', async () => {
      const order = await placeOrder(shop, productId, 'payme');
      const id = await paymeHold(order);
      expect((await remove(order._id)).statusCode).toBe(200);
      expect((await payme(shop, 'CheckTransaction', { id })).result).toMatchObject({ state: -1 });
      expect((await payme(shop, 'PerformTransaction', { id })).error?.code).toBe(-31008);
      expect(await transactionsOf(shop, order._id)).toHaveLength(1);
    });
  });

  it('brings a cancelled online order back as unpaid with a new time to pay, payable again', async () => {
    const order = await placeOrder(shop, productId, 'payme');
    await patch(order._id, { status: 'cancelled' });
    clock.advance(HOUR_MS);
    const revived = await patch(order._id, { status: 'new' });
    expect(revived.statusCode).toBe(200);
    expect(revived.json().payment).toMatchObject({ status: 'unpaid', checkoutUrl: expect.any(String) });
    expect((await orderRow(shop, order._id)).paymentDueAt).toEqual(
      new Date(clock.now().getTime() + 12 * HOUR_MS),
    );
    await paymePaid(order);
  });

  it('marks a cancelled cash order cancelled, and unpaid again when brought back', async () => {
    const order = await placeOrder(shop, productId, 'cash');
    expect((await patch(order._id, { status: 'cancelled' })).json().payment.status).toBe('cancelled');
    expect((await patch(order._id, { status: 'new' })).json().payment.status).toBe('unpaid');
    expect((await orderRow(shop, order._id)).paymentDueAt).toBeNull();
  });
});
