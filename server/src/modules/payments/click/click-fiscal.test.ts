import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickFiscalOutbox } from '../../../db/schema.js';
import { FakeClickFiscal } from '../../../test/fake-click-fiscal.js';
import { clickWithReceipts, drainClickReceipts, payWithClick } from '../../../test/click-receipts-kit.js';
import { click, paymentState, placeOrder } from '../../../test/payment-test-kit.js';
import { giveLineVariant } from '../../../test/variant-lines.js';
import { productForm } from '../../../test/multipart.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../../test/test-app.js';
import { clickAuthHeader } from './click-fiscal.js';

let shop: TestShop;
let fake: FakeClickFiscal;
let productId: string;
let admin: TestUser;

beforeAll(async () => {
  const setup = await clickWithReceipts();
  fake = setup.fake;
  shop = await buildTestShop({ payments: setup.payments, orderLimits: { enabled: false } });
  productId = (await insertProduct(shop, { price: 250_000, stock: 100, vatPercent: 12 })).id;
  admin = await createUser(shop, 'admin');
});

/** The order's payment as staff read it in the back office's list. */
async function staffPayment(orderId: string) {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/api/orders?orderNumber=${orderId.slice(-6).toUpperCase()}&paymentStatus=all`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const order = (response.json().docs as { _id: string; payment: Record<string, unknown> }[]).find(
    (doc) => doc._id === orderId,
  );
  return order!.payment;
}

const resend = (orderId: string, headers = admin.headers) =>
  shop.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment/receipt`, headers });
afterAll(async () => {
  await shop.close();
  await fake.stop();
});

describe('Click receipts', () => {
  it('signs calls as Click documents: merchant_user_id:sha1(timestamp + secret):timestamp', () => {
    const at = new Date(1_700_000_000_000);
    const digest = createHash('sha1').update('1700000000secret').digest('hex');
    expect(clickAuthHeader('4321', 'secret', at)).toBe(`4321:${digest}:1700000000`);
  });

  it('sends the items of a completed payment once, with VAT and the shop TIN, and stores the receipt link', async () => {
    const order = await placeOrder(shop, productId, 'click', 2);
    const paymentId = await payWithClick(shop, order._id, '500000');
    await drainClickReceipts(shop);
    const sent = fake.submitted.filter((body) => body.payment_id === paymentId);
    expect(sent).toEqual([
      {
        service_id: 20340,
        payment_id: paymentId,
        items: [
          {
            Name: 'Test desk',
            SPIC: '09403001001000000',
            PackageCode: '1514296',
            Price: 50_000_000,
            Discount: 0,
            Amount: 2,
            VAT: 5_357_143,
            VATPercent: 12,
            CommissionInfo: { TIN: '123456789' },
          },
        ],
        received_ecash: 0,
        received_cash: 0,
        received_card: 50_000_000,
      },
    ]);
    expect((await paymentState(shop, order)).payment).toMatchObject({
      status: 'paid',
      receiptUrl: FakeClickFiscal.receiptUrl(paymentId),
    });
  });

  it('asks before sending again when an answer was lost, so a receipt is never submitted twice', async () => {
    fake.loseAnswers = 1;
    const order = await placeOrder(shop, productId, 'click');
    const paymentId = await payWithClick(shop, order._id, '250000');
    await drainClickReceipts(shop);
    expect(fake.submitted.filter((body) => body.payment_id === paymentId)).toHaveLength(1);
    expect((await paymentState(shop, order)).payment.receiptUrl).toBe(FakeClickFiscal.receiptUrl(paymentId));
  });

  it('keeps receipts while Click is down and sends each once it is back', async () => {
    fake.mode = 'down';
    const order = await placeOrder(shop, productId, 'click');
    const paymentId = await payWithClick(shop, order._id, '250000');
    await shop.app.services.payments.clickReceipts!.pass();
    expect((await paymentState(shop, order)).payment.receiptUrl).toBeUndefined();
    fake.mode = 'up';
    await drainClickReceipts(shop);
    expect(fake.submitted.filter((body) => body.payment_id === paymentId)).toHaveLength(1);
    expect((await paymentState(shop, order)).payment.receiptUrl).toBe(FakeClickFiscal.receiptUrl(paymentId));
  });

  it('queues nothing more for a repeated complete (-4)', async () => {
    const order = await placeOrder(shop, productId, 'click');
    const before = (await shop.database.db.select().from(clickFiscalOutbox)).length;
    const click_trans_id = '777000111';
    const prepared = await click(shop, 'prepare', {
      click_trans_id,
      merchant_trans_id: order._id,
      amount: '250000',
    });
    const complete = {
      click_trans_id,
      merchant_trans_id: order._id,
      amount: '250000',
      merchant_prepare_id: String(prepared.merchant_prepare_id),
    };
    expect((await click(shop, 'complete', complete)).error).toBe(0);
    expect((await click(shop, 'complete', complete)).error).toBe(-4);
    expect((await shop.database.db.select().from(clickFiscalOutbox)).length).toBe(before + 1);
  });

  it('prints a line at its price with the discount apart, a long name cut to 63 characters', async () => {
    const name = 'Ofis stoli, yogʻoch, 160 × 80 sm, metall oyoqli, kabel kanali bilan, oq rangda';
    const sale = await insertProduct(shop, {
      name,
      price: 300_000,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 20,
      discountStart: new Date(Date.now() - 86_400_000),
      discountEnd: new Date(Date.now() + 86_400_000),
      stock: 10,
      vatPercent: 12,
    });
    const order = await placeOrder(shop, sale.id, 'click', 2);
    const paymentId = await payWithClick(shop, order._id, '480000');
    await drainClickReceipts(shop);
    const [body] = fake.submitted.filter((each) => each.payment_id === paymentId);
    expect(body!.items).toEqual([
      expect.objectContaining({
        Name: 'Ofis stoli, yogʻoch, 160 × 80 sm, metall oyoqli, kabel kanali',
        Price: 60_000_000,
        Discount: 12_000_000,
        Amount: 2,
        VAT: 5_142_857,
        CommissionInfo: { TIN: '123456789' },
      }),
    ]);
    expect(body!.received_card).toBe(48_000_000);
    expect(await staffPayment(order._id)).toMatchObject({ receipt: { status: 'sent' } });
  });

  it("keeps a variant's label whole in the name, the product's name shortened, its codes the product's", async () => {
    const name = 'Ofis stoli, yogʻoch, 160 × 80 sm, metall oyoqli, kabel kanali bilan, oq rangda';
    const desk = await insertProduct(shop, { name, price: 300_000, stock: 10, vatPercent: 12 });
    const order = await placeOrder(shop, desk.id, 'click');
    await giveLineVariant(shop, order._id);
    const paymentId = await payWithClick(shop, order._id, '300000');
    await drainClickReceipts(shop);
    const [body] = fake.submitted.filter((each) => each.payment_id === paymentId);
    expect(body!.items).toEqual([
      expect.objectContaining({
        Name: 'Ofis stoli, yogʻoch, 160 × 80 sm, metall (140×70 sm · Eman)',
        SPIC: desk.ikpu,
        PackageCode: desk.packageCode,
        Price: 30_000_000,
        VATPercent: 12,
      }),
    ]);
  });

  it("shows staff Click's refusal, and sends the receipt again once the product's code is fixed", async () => {
    const wrongCode = '09403001009999999';
    const product = await insertProduct(shop, { price: 150_000, stock: 10, ikpu: wrongCode });
    fake.unknownSpics.add(wrongCode);
    const order = await placeOrder(shop, product.id, 'click');
    const paymentId = await payWithClick(shop, order._id, '150000');
    await drainClickReceipts(shop);
    expect(fake.refused.map((each) => each.payment_id)).toContain(paymentId);
    expect(await staffPayment(order._id)).toMatchObject({
      status: 'paid',
      receipt: {
        status: 'refused',
        reason: `SPIC ${wrongCode} not found in the MXIK catalogue (error -1)`,
      },
    });
    // The shopper's own read never carries it.
    expect((await paymentState(shop, order)).payment.receipt).toBeUndefined();

    const form = productForm({ ikpu: '09403001001000000' });
    const fixed = await shop.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    // Click away for a moment, so the receipt is seen on its way before it arrives.
    fake.mode = 'down';
    const resent = await resend(order._id);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({ status: 'pending' });
    expect(await staffPayment(order._id)).toMatchObject({ receipt: { status: 'pending' } });

    fake.mode = 'up';
    await drainClickReceipts(shop);
    const sent = fake.submitted.filter((each) => each.payment_id === paymentId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.items[0]).toMatchObject({ SPIC: '09403001001000000' });
    expect(await staffPayment(order._id)).toMatchObject({ receipt: { status: 'sent' } });
    expect((await paymentState(shop, order)).payment.receiptUrl).toBe(FakeClickFiscal.receiptUrl(paymentId));
    // Sent: nothing refused is left to send again.
    expect((await resend(order._id)).json()).toMatchObject({ code: 'RECEIPT_NOT_REFUSED' });
  });

  it('answers 404 for an unknown order, 409 without a refused receipt, and only to admin and ceo', async () => {
    expect((await resend('0123456789abcdef01234567')).statusCode).toBe(404);
    const order = await placeOrder(shop, productId, 'click');
    const response = await resend(order._id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('RECEIPT_NOT_REFUSED');
    const manager = await createUser(shop, 'manager');
    expect((await resend(order._id, manager.headers)).statusCode).toBe(403);
  });
});
