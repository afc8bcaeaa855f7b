import { describe, expect, it } from 'vitest';
import { FakeClickFiscal } from '../src/test/fake-click-fiscal.js';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  call,
  cleanupAfterAll,
  createProduct,
  DATABASES,
  freshStorage,
  loginAdmin,
  readProduct,
  shopperPhone,
  ShopProcess,
} from './harness.js';
import {
  PAYMENT_ENV,
  PAYMENT_PORTS,
  clickCall,
  paymeCall,
  paymeTransactionId,
  placeOnlineOrder,
} from './payment-calls.js';

const PRICE = 80_000;
const CALLS = 100;

describe.each(DATABASES)('100 provider calls on one order on $variant', ({ variant, postgres }) => {
  const cleanup = cleanupAfterAll();

  it('pay it once and give every other charge back', async () => {
    // Click's Merchant API, where the charges the order did not take are reversed.
    const click = await new FakeClickFiscal('4321', PAYMENT_ENV.CLICK_SECRET_KEY!).start();
    cleanup(() => click.stop());
    const shop = await ShopProcess.start({
      ...(await freshStorage(postgres, cleanup)),
      port: PAYMENT_PORTS.storm[variant as 'PGlite' | 'PostgreSQL'],
      env: { ...PAYMENT_ENV, CLICK_API_ROOT: click.url, CLICK_MERCHANT_USER_ID: click.merchantUserId },
    });
    cleanup(() => shop.kill('SIGTERM'));
    const token = await loginAdmin(shop);
    const product = await createProduct(shop, token, {
      name: 'Storm desk',
      price: PRICE,
      stock: 10,
      color: ['oq'],
    });

    // Payme: 100 different transactions race to hold one order, then 100 performs of the winner.
    const paymeOrder = (await placeOnlineOrder(shop, shopperPhone(1), product._id, 'payme')).body;
    const ids = Array.from({ length: CALLS }, (_, index) => paymeTransactionId('ab', index));
    const created = await Promise.all(
      ids.map((id) =>
        paymeCall(shop, 'CreateTransaction', {
          id,
          time: Date.now(),
          amount: PRICE * 100,
          account: { order_id: paymeOrder._id },
        }),
      ),
    );
    const holders = ids.filter((_, index) => created[index]!.body.result?.state === 1);
    const refused = created.filter((answer) => answer.body.error?.code === -31051).length;
    expect(created.every((answer) => answer.status === 200)).toBe(true);
    expect(holders).toHaveLength(1);
    expect(refused).toBe(CALLS - 1);
    const performed = await Promise.all(
      ids.map(() => paymeCall(shop, 'PerformTransaction', { id: holders[0] })),
    );
    const performTimes = new Set(performed.map((answer) => answer.body.result?.perform_time));
    expect(performed.every((answer) => answer.body.result?.state === 2)).toBe(true);
    expect(performTimes.size).toBe(1);
    const statement = await paymeCall(shop, 'GetStatement', { from: 0, to: Date.now() + 60_000 });
    const entries = (statement.body.result as unknown as { transactions: { state: number }[] }).transactions;
    expect(entries.map((entry) => entry.state)).toEqual([2]);

    // Click: 100 prepared payments of one order complete at once.
    const clickOrder = (await placeOnlineOrder(shop, shopperPhone(2), product._id, 'click')).body;
    const amount = String(PRICE);
    const prepared = await Promise.all(
      Array.from({ length: CALLS }, async (_, index) => {
        const click_trans_id = String(900_000 + index);
        const answer = await clickCall(shop, 'prepare', {
          click_trans_id,
          merchant_trans_id: clickOrder._id,
          amount,
        });
        expect(answer.body.error).toBe(0);
        return { click_trans_id, merchant_prepare_id: String(answer.body.merchant_prepare_id) };
      }),
    );
    const completed = await Promise.all(
      prepared.map((fields) =>
        clickCall(shop, 'complete', { ...fields, merchant_trans_id: clickOrder._id, amount }),
      ),
    );
    // Each of the 100 was charged by Click once Prepare succeeded, so each Complete answers
    // success; the order takes one payment, and the other 99 are given back through Click.
    expect(completed.every((answer) => answer.body.error === 0)).toBe(true);
    const deadline = Date.now() + 30_000;
    while (click.reversed.length < CALLS - 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const reversed = new Set(click.reversed);
    const charged = prepared.map((fields) => String(Number(fields.click_trans_id) + 1));
    const kept = charged.filter((paymentId) => !reversed.has(paymentId));
    expect(click.reversed).toHaveLength(CALLS - 1);
    expect(reversed.size).toBe(CALLS - 1);
    expect(kept).toHaveLength(1);

    for (const order of [paymeOrder, clickOrder]) {
      const state = await call<{ payment: { status: string } }>(shop, 'GET', `/api/orders/${order._id}`, {
        token,
      });
      expect(state.body.payment.status).toBe('paid');
    }
    expect((await readProduct(shop, token, product._id)).stock).toBe(8);

    recordFigure({
      test: 'provider call storm',
      variant,
      figure: `Payme: ${CALLS} transactions at once on one order → 1 holds it, ${refused} refused (-31051), then ${CALLS} performs → 1 payment, one perform_time; Click: ${CALLS} charged completes at once → all answered success, 1 paid the order, ${reversed.size} given back through Click's reversal (each once); stock taken once per order`,
      ok: true,
    });
  });
});
