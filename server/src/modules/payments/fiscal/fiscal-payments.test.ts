import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../../db/schema.js';
import {
  CLICK,
  FakeClock,
  HOUR_MS,
  PAYME,
  payme,
  paymeAuth,
  paymentState,
  placeOrder,
} from '../../../test/payment-test-kit.js';
import { buildTestShop, insertProduct, stockOf, uniquePhone, type TestShop } from '../../../test/test-app.js';
import { giveLineVariant } from '../../../test/variant-lines.js';

/*
 * Receipts and forgiving payments end to end: fiscal codes required for online payment, Payme's
 * detail, SetFiscalData and ChangePassword, and "pay again" / "pay in cash" after a failure.
 */

let shop: TestShop;
const clock = new FakeClock();

beforeAll(async () => {
  shop = await buildTestShop({
    payments: { payme: PAYME, click: CLICK, timeoutMinutes: 60 },
    clock,
    orderLimits: { enabled: false },
  });
});
afterAll(() => shop.close());

let paymeIds = 0;
const newPaymeId = () => `7f0e0c${String((paymeIds += 1)).padStart(18, '0')}`;

const place = (productId: string, paymentMethod: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Malika',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity: 1, color: 'oq' }],
      paymentMethod,
    },
  });

const changePayment = (id: string, key: string | undefined, method: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/payment${key ? `?key=${key}` : ''}`,
    payload: { method },
  });

describe('an online payment needs fiscal codes', () => {
  it('refuses online payment of a product without ikpu (400 FISCAL_DATA_MISSING), and takes cash', async () => {
    const product = await insertProduct(shop, { name: 'Uncoded shelf', ikpu: null });
    for (const method of ['payme', 'click']) {
      const refused = await place(product.id, method);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'FISCAL_DATA_MISSING' });
      expect(refused.json().message).toContain('Uncoded shelf');
    }
    expect(await stockOf(shop, product.id)).toBe(10);
    expect((await place(product.id, 'cash')).statusCode).toBe(201);
  });
});

describe('Payme detail', () => {
  it('lists lines with discounts, assembly and carrying up as items, delivery as shipping, summing to the amount', async () => {
    const product = await insertProduct(shop, {
      name: 'Discounted desk',
      price: 200_000,
      isDiscounted: true,
      discountType: 'fixed',
      discountValue: 30_000,
      stock: 50,
      vatPercent: 0,
    });
    const order = await placeOrder(shop, product.id, 'payme', 3);
    // The fees as checkout would have priced them for a delivered, assembled, carried-up order.
    const fees = { deliveryFee: 50_000, assemblyFee: 90_000, carryFee: 20_000 };
    const total = 3 * 170_000 + 160_000;
    await shop.database.db
      .update(orders)
      .set({ ...fees, total })
      .where(eq(orders.id, order._id));
    const reply = await payme(shop, 'CheckPerformTransaction', {
      amount: total * 100,
      account: { order_id: order._id },
    });
    const detail = reply.result!.detail as {
      items: { price: number; count: number; discount?: number; code: string }[];
      shipping: { title: string; price: number };
    };
    expect(detail).toEqual({
      receipt_type: 0,
      items: [
        {
          title: 'Discounted desk',
          price: 20_000_000,
          count: 3,
          discount: 9_000_000,
          code: '09403001001000000',
          package_code: '1514296',
          vat_percent: 0,
        },
        {
          title: 'Yigʻish (montaj)',
          price: 9_000_000,
          count: 1,
          code: '10112001001000000',
          package_code: '1209885',
          vat_percent: 12,
        },
        {
          title: 'Qavatga koʻtarish',
          price: 2_000_000,
          count: 1,
          code: '10112006002000000',
          package_code: '1209885',
          vat_percent: 12,
        },
      ],
      shipping: { title: 'Yetkazib berish', price: 5_000_000 },
    });
    const sum =
      detail.items.reduce((all, item) => all + item.price * item.count - (item.discount ?? 0), 0) +
      detail.shipping.price;
    expect(sum).toBe(total * 100);
  });

  it("names a line's variant in its title, with its product's codes", async () => {
    const product = await insertProduct(shop, { name: 'Yozuv stoli', price: 1_400_000, stock: 5 });
    const order = await placeOrder(shop, product.id, 'payme');
    await giveLineVariant(shop, order._id);
    const reply = await payme(shop, 'CheckPerformTransaction', {
      amount: 1_400_000 * 100,
      account: { order_id: order._id },
    });
    expect(reply.result!.detail).toEqual({
      receipt_type: 0,
      items: [
        {
          title: 'Yozuv stoli (140×70 sm · Eman)',
          price: 140_000_000,
          count: 1,
          code: product.ikpu,
          package_code: product.packageCode,
          vat_percent: product.vatPercent,
        },
      ],
    });
  });

  it('stops a payment whose product lost its code after the order was placed (-31051)', async () => {
    const product = await insertProduct(shop);
    const order = await placeOrder(shop, product.id, 'payme');
    await shop.database.db.update(products).set({ ikpu: null }).where(eq(products.id, product.id));
    const reply = await payme(shop, 'CheckPerformTransaction', {
      amount: 100_000 * 100,
      account: { order_id: order._id },
    });
    expect(reply.error?.code).toBe(-31051);
  });
});

describe('Payme SetFiscalData and ChangePassword', () => {
  it('stores the receipt and shows its link on the order, for the shopper', async () => {
    const product = await insertProduct(shop);
    const order = await placeOrder(shop, product.id, 'payme');
    const id = newPaymeId();
    const params = { id, time: clock.now().getTime(), amount: 10_000_000, account: { order_id: order._id } };
    await payme(shop, 'CreateTransaction', params);
    await payme(shop, 'PerformTransaction', { id });
    const fiscal = {
      receipt_id: 121,
      status_code: 0,
      message: 'accepted',
      terminal_id: 'EP000000000025',
      fiscal_sign: '800031554082',
      qr_code_url: 'https://ofd.soliq.uz/check?t=EP000000000025&r=121&c=20260501&s=800031554082',
      date: '20260501100000',
    };
    const set = await payme(shop, 'SetFiscalData', { id, type: 'PERFORM', fiscal_data: fiscal });
    expect(set.result).toEqual({ success: true });
    expect((await payme(shop, 'SetFiscalData', { id, type: 'PERFORM', fiscal_data: fiscal })).result).toEqual(
      {
        success: true,
      },
    );
    expect((await paymentState(shop, order)).payment).toMatchObject({
      status: 'paid',
      receiptUrl: fiscal.qr_code_url,
    });
    const unknown = await payme(shop, 'SetFiscalData', {
      id: newPaymeId(),
      type: 'PERFORM',
      fiscal_data: fiscal,
    });
    expect(unknown.error?.code).toBe(-31003);
  });

  it('takes a new key at once in every process on the database; the old one stops working', async () => {
    const second = await buildTestShop({
      payments: { payme: PAYME },
      databaseHandle: shop.database,
      keepDatabase: true,
    });
    try {
      const newKey = 'new-cash-desk-key-&%9';
      const changed = await payme(shop, 'ChangePassword', { password: newKey });
      expect(changed.result).toEqual({ success: true });
      const statement = { from: 0, to: 1 };
      for (const instance of [shop, second]) {
        expect((await payme(instance, 'GetStatement', statement, paymeAuth(newKey))).result).toBeDefined();
        expect((await payme(instance, 'GetStatement', statement)).error?.code).toBe(-32504);
      }
      await payme(second, 'ChangePassword', { password: PAYME.secretKey }, paymeAuth(newKey));
      expect((await payme(shop, 'GetStatement', statement)).result).toBeDefined();
    } finally {
      await second.close();
    }
  });
});

describe('a failed payment keeps the order', () => {
  async function failedOrder() {
    const product = await insertProduct(shop, { stock: 5 });
    const order = await placeOrder(shop, product.id, 'payme');
    const id = newPaymeId();
    const params = { id, time: clock.now().getTime(), amount: 10_000_000, account: { order_id: order._id } };
    await payme(shop, 'CreateTransaction', params);
    await payme(shop, 'CancelTransaction', { id, reason: 3 });
    return { product, order };
  }

  it('holds the stock while the window lasts, and the sweep ends it after', async () => {
    const { product, order } = await failedOrder();
    expect(await paymentState(shop, order)).toMatchObject({ status: 'new', payment: { status: 'failed' } });
    expect(await stockOf(shop, product.id)).toBe(4);
    clock.advance(HOUR_MS + 1_000);
    await shop.app.services.payments.sweep.run();
    expect(await paymentState(shop, order)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(shop, product.id)).toBe(5);
  });

  it('pays in cash on delivery with the order link', async () => {
    const { product, order } = await failedOrder();
    expect((await changePayment(order._id, undefined, 'cash')).statusCode).toBe(404);
    expect((await changePayment(order._id, 'x'.repeat(22), 'cash')).statusCode).toBe(404);
    const switched = await changePayment(order._id, order.orderKey, 'cash');
    expect(switched.statusCode).toBe(200);
    expect(switched.json().payment).toEqual({ method: 'cash', status: 'unpaid', paidAt: null });
    clock.advance(2 * HOUR_MS);
    await shop.app.services.payments.sweep.run();
    expect((await paymentState(shop, order)).status).toBe('new');
    expect(await stockOf(shop, product.id)).toBe(4);
  });

  it('starts a fresh checkout ("pay again"), which Payme can then pay', async () => {
    const { order } = await failedOrder();
    const again = await changePayment(order._id, order.orderKey, 'payme');
    expect(again.statusCode).toBe(200);
    expect(again.json().payment).toMatchObject({ method: 'payme', status: 'unpaid' });
    expect(again.json().payment.checkoutUrl).toMatch(/^https:\/\/checkout\.test\.paycom\.uz\//);
    const id = newPaymeId();
    await payme(shop, 'CreateTransaction', {
      id,
      time: clock.now().getTime(),
      amount: 10_000_000,
      account: { order_id: order._id },
    });
    expect(((await changePayment(order._id, order.orderKey, 'cash')).json() as { code: string }).code).toBe(
      'PAYMENT_PENDING',
    );
    await payme(shop, 'PerformTransaction', { id });
    const paid = await changePayment(order._id, order.orderKey, 'cash');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('ORDER_PAID');
  });

  it('refuses an unknown method and a cancelled order', async () => {
    const { order } = await failedOrder();
    expect((await changePayment(order._id, order.orderKey, 'bitcoin')).statusCode).toBe(400);
    clock.advance(2 * HOUR_MS);
    const late = await changePayment(order._id, order.orderKey, 'payme');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ORDER_CANCELLED');
  });
});
