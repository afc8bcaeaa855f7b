import { afterAll, describe, expect, it } from 'vitest';
import { clickFiscalOutbox } from '../src/db/schema.js';
import { clickWithReceipts, drainClickReceipts, payWithClick } from '../src/test/click-receipts-kit.js';
import { placeOrder } from '../src/test/payment-test-kit.js';
import { recordFigure } from '../src/test/reliability-figures.js';
import { buildTestShop, insertProduct, type TestShop } from '../src/test/test-app.js';
import type { FakeClickFiscal } from '../src/test/fake-click-fiscal.js';

/*
 * Click's fiscalization API down while 20 Click payments complete (in-process: the receipts outbox
 * is the subject): every receipt must reach Click once it is back, none twice, even when some of
 * Click's answers are lost on the way back.
 */

const PAYMENTS = 20;
let shop: TestShop | undefined;
let fake: FakeClickFiscal | undefined;
afterAll(async () => {
  await shop?.close();
  await fake?.stop();
});

describe('Click receipts', () => {
  it('Click fiscal API down during 20 payments: 0 lost, 0 sent twice', async () => {
    const setup = await clickWithReceipts();
    fake = setup.fake;
    shop = await buildTestShop({ payments: setup.payments, orderLimits: { enabled: false } });
    const product = await insertProduct(shop, { price: 100_000, stock: 1000 });
    fake.mode = 'down';
    const paid: { orderId: string; paymentId: number }[] = [];
    for (let i = 0; i < PAYMENTS; i += 1) {
      // Half the outage cuts connections, half answers 503.
      fake.mode = i < PAYMENTS / 2 ? 'down' : 'error';
      const order = await placeOrder(shop, product.id, 'click');
      paid.push({ orderId: order._id, paymentId: await payWithClick(shop, order._id, '100000') });
      await shop.app.services.payments.clickReceipts!.pass();
    }
    const duringOutage = fake.submitted.length;
    fake.mode = 'up';
    // Back, but the first three answers to a submit are lost on the way.
    fake.loseAnswers = 3;
    await drainClickReceipts(shop, 60_000);
    const counts = paid.map(
      ({ paymentId }) => fake!.submitted.filter((body) => body.payment_id === paymentId).length,
    );
    const lost = counts.filter((n) => n === 0).length;
    const twice = counts.filter((n) => n > 1).length;
    const outbox = await shop.database.db.select().from(clickFiscalOutbox);
    const linked = outbox.filter((row) => row.state === 'sent').length;
    recordFigure({
      test: 'Click fiscal API outage',
      figure: `${PAYMENTS} payments while down (${duringOutage} receipts reached Click then); after: ${lost} lost, ${twice} sent twice, ${linked}/${PAYMENTS} receipt links stored (3 answers lost on the way back)`,
      ok: lost === 0 && twice === 0 && linked === PAYMENTS,
    });
    expect(lost).toBe(0);
    expect(twice).toBe(0);
    expect(linked).toBe(PAYMENTS);
  });
});
