import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { FakeUzumNasiya } from '../../test/fake-uzum-nasiya.js';
import { FakeClock, placeOrder } from '../../test/payment-test-kit.js';
import { codeFor } from '../../test/sms.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';
import { giveLineVariant } from '../../test/variant-lines.js';

/** The instalment contract lists the goods as the order names them: a variant by its label. */
describe("an instalment contract's goods", () => {
  let shop: TestShop;
  let uzum: FakeUzumNasiya;

  beforeAll(async () => {
    uzum = await new FakeUzumNasiya().start();
    uzum.mode = 'up';
    shop = await buildTestShop({
      payments: { uzum_nasiya: uzum.config(), timeoutMinutes: 30 },
      clock: new FakeClock(),
    });
  });
  afterAll(async () => {
    await shop.close();
    await uzum.stop();
  });

  it("names a variant's line by the product and its Uzbek label", async () => {
    const desk = await insertProduct(shop, { name: 'Yozuv stoli', price: 1_400_000, stock: 10 });
    const order = await placeOrder(shop, desk.id, 'uzum_nasiya');
    await giveLineVariant(shop, order._id);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id));
    const code = await codeFor(shop, row!.phoneNumber, 'orders', true);
    const made = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/instalment?key=${order.orderKey}`,
      payload: { months: 12 },
      headers: { 'x-phone-code': code },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [contract] = [...uzum.contracts.values()];
    expect(contract!.products).toEqual([
      expect.objectContaining({ name: 'Yozuv stoli (140×70 sm · Eman)', amount: 1 }),
    ]);
  });
});
