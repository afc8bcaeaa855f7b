import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, placeCompanyOrder } from '../../test/company-test-kit.js';
import { buildTestShop, insertProduct, type TestShop } from '../../test/test-app.js';
import { OAK_DESK, giveLineVariant } from '../../test/variant-lines.js';

/** A company's invoice names the variant of a line: its label in the invoice's language, its SKU. */
describe('the invoice of an order with a variant', () => {
  let shop: TestShop;
  let productId: string;

  beforeAll(async () => {
    shop = await buildTestShop();
    productId = (await insertProduct(shop, { name: 'Yozuv stoli', price: 1_400_000, stock: 10 })).id;
  });
  afterAll(() => shop.close());

  const invoiceText = async (orderId: string, key: string, lang: 'uz' | 'ru') => {
    const response = await shop.app.inject({
      url: `/api/orders/${orderId}/invoice.pdf?key=${key}&lang=${lang}`,
    });
    expect(response.statusCode).toBe(200);
    return (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
  };

  it('prints the product, the label in the invoice language and the SKU; a plain line keeps its colour', async () => {
    const order = await placeCompanyOrder(shop, productId, 2);
    const plain = await invoiceText(order._id, order.orderKey, 'uz');
    expect(plain).toContain('Yozuv stoli (oq)');
    expect(plain).not.toContain('Artikul');

    await giveLineVariant(shop, order._id);
    const uzbek = await invoiceText(order._id, order.orderKey, 'uz');
    expect(uzbek).toContain(`Yozuv stoli (${OAK_DESK.label.uz}) Artikul: DESK-140-OAK`);
    expect(uzbek).not.toContain('(oq)');
    const russian = await invoiceText(order._id, order.orderKey, 'ru');
    expect(russian).toContain(`Yozuv stoli (${OAK_DESK.label.ru}) Артикул: DESK-140-OAK`);
    // The sums stay those of the line: 2 × 1 400 000.
    expect(russian).toContain('2 800 000');
  });
});
