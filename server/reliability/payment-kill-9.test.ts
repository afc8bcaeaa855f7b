import { describe, expect, it } from 'vitest';
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
  paymeCall,
  paymeTransactionId,
  placeOnlineOrder,
} from './payment-calls.js';

const PRICE = 120_000;
const ORDERS = 20;
const STOCK = 100;

describe.each(DATABASES)('kill -9 between create and perform on $variant', ({ variant, postgres }) => {
  const cleanup = cleanupAfterAll();

  it('loses nothing: the restarted shop performs every transaction it acknowledged', async () => {
    const shop = await ShopProcess.start({
      ...(await freshStorage(postgres, cleanup)),
      port: PAYMENT_PORTS.crash[variant as 'PGlite' | 'PostgreSQL'],
      env: PAYMENT_ENV,
    });
    cleanup(() => shop.kill());
    const token = await loginAdmin(shop);
    const product = await createProduct(shop, token, {
      name: 'Crash bench',
      price: PRICE,
      stock: STOCK,
      color: ['oq'],
    });

    const acknowledged: { id: string; orderId: string; transaction: string; createTime: number }[] = [];
    for (let index = 0; index < ORDERS; index += 1) {
      const order = (await placeOnlineOrder(shop, shopperPhone(index + 1), product._id, 'payme')).body;
      const params = { amount: PRICE * 100, account: { order_id: order._id } };
      expect((await paymeCall(shop, 'CheckPerformTransaction', params)).body.result).toMatchObject({
        allow: true,
      });
      const id = paymeTransactionId('c9', index);
      const created = await paymeCall(shop, 'CreateTransaction', { ...params, id, time: Date.now() });
      expect(created.body.result?.state).toBe(1);
      acknowledged.push({
        id,
        orderId: order._id,
        transaction: created.body.result!.transaction!,
        createTime: created.body.result!.create_time!,
      });
    }
    // Performs already on the wire when the process dies: each is either done or not, never half.
    const inFlight = acknowledged.slice(0, 5).map(({ id }) => paymeCall(shop, 'PerformTransaction', { id }));
    const exit = await shop.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    await Promise.all(inFlight);

    const restarted = await shop.restart();
    cleanup(() => restarted.kill());
    const adminToken = await loginAdmin(restarted);
    let performed = 0;
    let performedBeforeKill = 0;
    for (const { id, orderId, transaction, createTime } of acknowledged) {
      const checked = await paymeCall(restarted, 'CheckTransaction', { id });
      expect(checked.body.result).toMatchObject({ transaction, create_time: createTime });
      expect([1, 2]).toContain(checked.body.result?.state);
      if (checked.body.result?.state === 2) performedBeforeKill += 1;
      const answer = await paymeCall(restarted, 'PerformTransaction', { id });
      expect(answer.body.result).toMatchObject({ transaction, state: 2 });
      performed += 1;
      const state = await call<{ payment: { status: string } }>(restarted, 'GET', `/api/orders/${orderId}`, {
        token: adminToken,
      });
      expect(state.body.payment.status).toBe('paid');
    }
    expect((await readProduct(restarted, adminToken, product._id)).stock).toBe(STOCK - ORDERS);

    recordFigure({
      test: 'kill -9 between create and perform',
      variant,
      figure: `${ORDERS} Payme transactions created and acknowledged, 5 performs in flight at kill -9 (${performedBeforeKill} had committed): after the restart all ${performed} found with their create_time and performed, ${performed} orders paid, stock − ${ORDERS} exactly`,
      ok: true,
    });
  });
});
