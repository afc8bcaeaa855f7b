import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickFiscalOutbox } from '../../../db/schema.js';
import { FakeClickFiscal } from '../../../test/fake-click-fiscal.js';
import { clickWithReceipts, drainClickReceipts, payWithClick } from '../../../test/click-receipts-kit.js';
import { click, paymentState, placeOrder } from '../../../test/payment-test-kit.js';
import { buildTestShop, insertProduct, type TestShop } from '../../../test/test-app.js';
import { clickAuthHeader } from './click-fiscal.js';

let shop: TestShop;
let fake: FakeClickFiscal;
let productId: string;

beforeAll(async () => {
  const setup = await clickWithReceipts();
  fake = setup.fake;
  shop = await buildTestShop({ payments: setup.payments, orderLimits: { enabled: false } });
  productId = (await insertProduct(shop, { price: 250_000, stock: 100, vatPercent: 12 })).id;
});
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
});
