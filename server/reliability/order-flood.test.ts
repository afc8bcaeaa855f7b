import { beforeAll, describe, expect, it } from 'vitest';
import { recordFigure } from '../src/test/reliability-figures.js';
import {
  cleanupAfterAll,
  createProduct,
  DATABASES,
  freshStorage,
  loginAdmin,
  QUICK,
  readProduct,
  shopperPhone,
  ShopProcess,
} from './harness.js';

/**
 * B14: one address placing orders as fast as it can, each for as many units as one order may hold
 * (MAX_UNITS_PER_PRODUCT, 20), each with a new phone. The shop runs with its default limits
 * (ORDER_LIMITS on: 10 orders an hour per address, and at most OPEN_ORDERS_PER_ADDRESS = 5 open
 * at once) behind a named proxy, so the flooder and a real shopper are two addresses. Figure: how
 * many got through, and the stock left for others.
 */
const SECONDS = QUICK ? 5 : 30;
const PARALLEL = 8;
const STOCK = 500;
const UNITS = 20;
/** The default OPEN_ORDERS_PER_ADDRESS: none of the flooder's orders is paid, so all stay open. */
const OPEN_PER_ADDRESS = 5;
const FLOODER = '203.0.113.66';
const SHOPPER = '198.51.100.7';

describe.each(DATABASES)('one address flooding the checkout on $variant', ({ variant, postgres }) => {
  const cleanup = cleanupAfterAll();
  let shop: ShopProcess;
  let token: string;

  beforeAll(async () => {
    shop = await ShopProcess.start({
      ...(await freshStorage(postgres, cleanup)),
      env: { ORDER_LIMITS: 'on', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' },
    });
    cleanup(() => shop.kill('SIGTERM'));
    token = await loginAdmin(shop);
  });

  const order = async (productId: string, phone: string, address: string) => {
    try {
      const response = await fetch(`${shop.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          customerName: 'Flood',
          phoneNumber: phone,
          items: [{ productId, quantity: UNITS, color: 'oq' }],
        }),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  };

  it(`lets ${SECONDS} s of orders from one address take ${OPEN_PER_ADDRESS} orders' stock, and a shopper elsewhere still buys`, async () => {
    const product = await createProduct(shop, token, {
      name: `Flood target ${variant}`,
      price: 100_000,
      stock: STOCK,
      color: ['oq'],
    });
    const counts: Record<number, number> = {};
    let phone = postgres ? 700_000 : 600_000;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (Date.now() < end) {
          const status = await order(product._id, shopperPhone((phone += 1)), FLOODER);
          counts[status] = (counts[status] ?? 0) + 1;
        }
      }),
    );
    const sent = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const placed = counts[201] ?? 0;
    const left = (await readProduct(shop, token, product._id)).stock;
    const shopperStatus = await order(product._id, shopperPhone((phone += 1)), SHOPPER);

    expect(placed).toBe(OPEN_PER_ADDRESS);
    expect(counts[429]).toBe(sent - placed);
    expect(left).toBe(STOCK - placed * UNITS);
    expect(shopperStatus).toBe(201);
    recordFigure({
      test: 'one address flooding the checkout',
      variant,
      figure:
        `${sent} orders in ${SECONDS} s from one address (${PARALLEL} at a time, ${UNITS} units each): ` +
        `${placed} placed (at most ${OPEN_PER_ADDRESS} open per address), ${counts[429]} refused 429 ORDER_LIMIT, 0 5xx; ` +
        `stock left for others ${left} of ${STOCK}; a shopper at another address then ordered (201)`,
      ok: true,
    });
  });
});
