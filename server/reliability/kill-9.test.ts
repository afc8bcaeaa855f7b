import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/common';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  allOrders,
  cleanupAfterAll,
  createProduct,
  DATABASES,
  freshStorage,
  loginAdmin,
  placeOrder,
  readProduct,
  shopperPhone,
  ShopProcess,
  sleep,
  unitsHeld,
} from './harness.js';

const STARTING_STOCK = 100_000;
const SHOPPERS_AT_ONCE = 20;
const ACKNOWLEDGED_BEFORE_KILL = 60;
/** Every wait here has a deadline, so a stuck shop fails the test with a reason instead of hanging. */
const STORM_DEADLINE_MS = 120_000;
const SETTLE_DEADLINE_MS = 30_000;

/** Resolves as `promise` does, or fails naming `what` once `ms` have passed. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(DATABASES)('kill -9 during an order storm on $variant', ({ variant, postgres }) => {
  const cleanup = cleanupAfterAll();

  it('keeps every acknowledged order with its lines, and stock consistent, after a restart', async () => {
    const shop = await ShopProcess.start(await freshStorage(postgres, cleanup));
    cleanup(() => shop.kill());
    const token = await loginAdmin(shop);
    const desk = await createProduct(shop, token, {
      name: 'Crash desk',
      price: 500_000,
      stock: STARTING_STOCK,
      color: ['oq'],
    });
    const chair = await createProduct(shop, token, {
      name: 'Crash chair',
      price: 150_000,
      stock: STARTING_STOCK,
      color: ['qora'],
    });

    const acknowledged: Order[] = [];
    let pending = 0;
    let placed = 0;
    let killed = false;
    const shopperLoop = async () => {
      while (!killed) {
        const index = (placed += 1);
        pending += 1;
        const answer = await placeOrder(shop, shopperPhone(index), [
          { productId: desk._id, quantity: 1 + (index % 2), color: 'oq' },
          { productId: chair._id, quantity: 1 + (index % 4), color: 'qora' },
        ]);
        pending -= 1;
        if (answer.status === 201) acknowledged.push(answer.body);
        else if (answer.status !== 0)
          throw new Error(`unexpected answer ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
    };
    // A shopper that meets an unexpected answer stops the storm at once rather than at the deadline.
    let failure: unknown;
    const shoppers = Array.from({ length: SHOPPERS_AT_ONCE }, () =>
      shopperLoop().catch((error: unknown) => {
        failure ??= error;
      }),
    );
    const stormEnds = Date.now() + STORM_DEADLINE_MS;
    while (acknowledged.length < ACKNOWLEDGED_BEFORE_KILL && failure === undefined && Date.now() < stormEnds)
      await sleep(20);
    killed = true;
    if (failure !== undefined) throw failure;
    expect(acknowledged.length, `orders acknowledged within ${STORM_DEADLINE_MS} ms`).toBeGreaterThanOrEqual(
      ACKNOWLEDGED_BEFORE_KILL,
    );
    const inFlight = pending;
    const exit = await within(SETTLE_DEADLINE_MS, 'the shop exiting on SIGKILL', shop.kill('SIGKILL'));
    await within(SETTLE_DEADLINE_MS, 'the shoppers stopping after the kill', Promise.all(shoppers));
    if (failure !== undefined) throw failure;
    expect(exit.signal).toBe('SIGKILL');

    const restartedAt = Date.now();
    const restarted = await shop.restart();
    const restartSeconds = ((Date.now() - restartedAt) / 1000).toFixed(1);
    cleanup(() => restarted.kill());
    const adminToken = await loginAdmin(restarted);
    const stored = new Map((await allOrders(restarted, adminToken)).map((order) => [order._id, order]));

    const lost = acknowledged.filter((order) => !stored.has(order._id));
    expect(lost).toEqual([]);
    for (const order of acknowledged) {
      const kept = stored.get(order._id)!;
      expect(kept.total).toBe(order.total);
      expect(
        kept.products.map(({ product, quantity, color }) => ({ id: product._id, quantity, color })),
      ).toEqual(order.products.map(({ product, quantity, color }) => ({ id: product._id, quantity, color })));
    }
    // An order cut off mid-flight is either whole (lines and stock taken) or absent.
    for (const product of [desk, chair]) {
      const { stock } = await readProduct(restarted, adminToken, product._id);
      expect(stock + unitsHeld([...stored.values()], product._id)).toBe(STARTING_STOCK);
    }

    recordFigure({
      test: 'kill -9 under load',
      variant,
      figure: `${acknowledged.length} orders acknowledged before kill -9 (${inFlight} more in flight, unanswered): 0 lost, lines intact, stock + held = starting stock; healthy again ${restartSeconds} s after the restart`,
      ok: true,
    });
  });
});
