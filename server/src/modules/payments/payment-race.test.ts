import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@shop/common';
import { clickFiscalOutbox, orderLines, orders, paymentTransactions } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
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
  placeOrder,
  transactionsOf,
} from '../../test/payment-test-kit.js';

/*
 * Money and stock under races: whoever meets on one order at once (Payme, Click, the timeout
 * sweep in one or more processes, staff), the order is paid at most once and its stock comes
 * back at most once.
 */

const PRICE = 75_000;
const STOCK = 10_000;

let shop: TestShop;
let manager: TestUser;
const clock = new FakeClock();

beforeAll(async () => {
  shop = await buildTestShop({ payments: { payme: PAYME, click: CLICK }, clock });
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());

/** Units of a product held by its orders that are not cancelled. */
async function unitsHeld(productId: string): Promise<number> {
  const rows = await shop.database.db
    .select({ quantity: orderLines.quantity, status: orders.status })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.productId, productId));
  return rows.filter((row) => row.status !== 'cancelled').reduce((sum, row) => sum + row.quantity, 0);
}

describe('a provider cancel, timeout sweeps and a staff status change on one order at once', () => {
  it('leave the stock right, round after round', async () => {
    const product = await insertProduct(shop, { price: PRICE, stock: STOCK });
    const staffChanges: OrderStatus[] = ['cancelled', 'ordered', 'new'];
    for (let round = 0; round < 15; round += 1) {
      const quantity = 1 + (round % 3);
      const order = await placeOrder(shop, product.id, 'payme', quantity);
      const id = `9f${String(round).padStart(22, '0')}`;
      const created = await payme(shop, 'CreateTransaction', {
        id,
        time: clock.now().getTime(),
        amount: quantity * PRICE * 100,
        account: { order_id: order._id },
      });
      expect(created.result?.state).toBe(1);
      // Past the time to pay: the sweep wants the order too.
      clock.advance(12 * HOUR_MS + 1_000);

      const staffStatus = staffChanges[round % staffChanges.length]!;
      let cancelReply: Awaited<ReturnType<typeof payme>> | undefined;
      let staffStatusCode = 0;
      const providerCancel = async () => {
        cancelReply = await payme(shop, 'CancelTransaction', { id, reason: 3 });
      };
      const staffChange = async () => {
        const response = await shop.app.inject({
          method: 'PATCH',
          url: `/api/orders/${order._id}`,
          headers: manager.headers,
          payload: { status: staffStatus },
        });
        staffStatusCode = response.statusCode;
      };
      // Two sweeps: the timer of a second process meets the first one.
      const sweep = () => shop.app.services.payments.sweep.run();
      const racers =
        round % 2 === 0
          ? [providerCancel, sweep, staffChange, sweep]
          : [staffChange, sweep, providerCancel, sweep];
      await Promise.all(racers.map((racer) => racer()));
      expect(cancelReply!.result?.state).toBe(-1);
      expect(staffStatusCode).toBe(200);

      const row = await orderRow(shop, order._id);
      const [transaction] = await transactionsOf(shop, order._id);
      expect(transaction!.state).toBe(-1);
      expect(row.paymentStatus).not.toBe('paid');
      expect(row.paymentStatus).toBe(row.status === 'cancelled' ? 'cancelled' : 'unpaid');
      expect(await stockOf(shop, product.id), `round ${round}`).toBe(STOCK - (await unitsHeld(product.id)));
    }
    expect(await stockOf(shop, product.id)).toBe(STOCK - (await unitsHeld(product.id)));
  });
});

describe('100 provider calls on one order at once', () => {
  it('Payme: 100 transactions race to hold the order; one wins and performs once', async () => {
    const product = await insertProduct(shop, { price: PRICE, stock: STOCK });
    const order = await placeOrder(shop, product.id, 'payme');
    const ids = Array.from({ length: 100 }, (_, index) => `8e${String(index).padStart(22, '0')}`);
    const created = await Promise.all(
      ids.map((id) =>
        payme(shop, 'CreateTransaction', {
          id,
          time: clock.now().getTime(),
          amount: PRICE * 100,
          account: { order_id: order._id },
        }),
      ),
    );
    const winners = created.filter((reply) => reply.result?.state === 1);
    expect(winners).toHaveLength(1);
    expect(created.filter((reply) => reply.error?.code === -31051)).toHaveLength(99);
    const winner = ids[created.indexOf(winners[0]!)]!;

    const performed = await Promise.all(ids.map(() => payme(shop, 'PerformTransaction', { id: winner })));
    expect(new Set(performed.map((reply) => JSON.stringify(reply.result)))).toHaveLength(1);
    expect(performed[0]!.result?.state).toBe(2);
    const rows = await transactionsOf(shop, order._id);
    expect(rows.map((row) => row.state)).toEqual([2]);
    expect((await orderRow(shop, order._id)).paymentStatus).toBe('paid');
  });

  it('Click: 100 prepared payments race to complete; one pays, 99 are answered 0, not taken and given back', async () => {
    const product = await insertProduct(shop, { price: PRICE, stock: STOCK });
    const order = await placeOrder(shop, product.id, 'click');
    const amount = String(PRICE);
    const prepared = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const click_trans_id = newClickTransId();
        const reply = await click(shop, 'prepare', { click_trans_id, merchant_trans_id: order._id, amount });
        expect(reply.error).toBe(0);
        return { click_trans_id, merchant_prepare_id: String(reply.merchant_prepare_id) };
      }),
    );
    const completed = await Promise.all(
      prepared.map((prepare) =>
        click(shop, 'complete', { ...prepare, merchant_trans_id: order._id, amount }),
      ),
    );
    // A complete the shop could not finish (-7, its pool busy with 100 at once) Click sends again.
    expect(completed.filter((reply) => reply.error !== 0 && reply.error !== -7)).toEqual([]);
    for (const [i, reply] of completed.entries()) {
      if (reply.error === 0) continue;
      completed[i] = await click(shop, 'complete', { ...prepared[i]!, merchant_trans_id: order._id, amount });
    }
    // Click charged every card: each complete is answered 0, and all but the one that paid are reversed.
    expect(completed.filter((reply) => reply.error === 0)).toHaveLength(100);
    const reversals = await shop.database.db
      .select()
      .from(clickFiscalOutbox)
      .where(and(eq(clickFiscalOutbox.orderId, order._id), eq(clickFiscalOutbox.kind, 'reversal')));
    expect(reversals).toHaveLength(99);
    const states = (await transactionsOf(shop, order._id)).map((row) => row.state);
    expect(states.filter((state) => state === 2)).toHaveLength(1);
    expect(states.filter((state) => state === 1)).toHaveLength(0);
    expect((await orderRow(shop, order._id)).paymentStatus).toBe('paid');
    expect(await stockOf(shop, product.id)).toBe(STOCK - 1);
  });

  it('Payme and Click at once on one Payme order: only Payme can hold it', async () => {
    const product = await insertProduct(shop, { price: PRICE, stock: STOCK });
    const order = await placeOrder(shop, product.id, 'payme');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? payme(shop, 'CreateTransaction', {
              id: `7d${String(index).padStart(22, '0')}`,
              time: clock.now().getTime(),
              amount: PRICE * 100,
              account: { order_id: order._id },
            })
          : click(shop, 'prepare', {
              click_trans_id: newClickTransId(),
              merchant_trans_id: order._id,
              amount: String(PRICE),
            }),
      ),
    );
    expect(replies.filter((reply) => 'result' in reply && reply.result)).toHaveLength(1);
    const rows = await shop.database.db
      .select({ provider: paymentTransactions.provider })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order._id));
    expect(rows).toEqual([{ provider: 'payme' }]);
  });
});
