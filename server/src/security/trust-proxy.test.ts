import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestShop, insertProduct, uniquePhone, type TestShop } from '../test/test-app.js';

/** TRUST_PROXY as a hop count (B14 keeps it; only `true` is refused, see config.test.ts). */
describe('TRUST_PROXY=1: the one proxy in front names the shopper', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await buildTestShop({ trustProxy: 1, orderLimits: { ordersPerAddressPerHour: 2 } });
  });
  afterAll(() => shop.close());

  const order = (productId: string, forwardedFor: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        customerName: 'Hop',
        phoneNumber: uniquePhone(),
        items: [{ productId, quantity: 1, color: 'oq' }],
      },
    });

  it("counts each shopper the proxy names, and believes only the proxy's own hop", async () => {
    const product = await insertProduct(shop, { stock: 50 });
    const codes = async (forwardedFor: string) => [
      (await order(product.id, forwardedFor)).statusCode,
      (await order(product.id, forwardedFor)).statusCode,
      (await order(product.id, forwardedFor)).statusCode,
    ];
    expect(await codes('198.51.100.1')).toEqual([201, 201, 429]);
    expect(await codes('198.51.100.2')).toEqual([201, 201, 429]);
    // A client writing its own header in front of the proxy's entry changes nothing.
    expect((await order(product.id, '203.0.113.9, 198.51.100.1')).statusCode).toBe(429);
  });
});
