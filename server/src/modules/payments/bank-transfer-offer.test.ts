import { describe, expect, it } from 'vitest';
import { SCHOOL, shopperAddress } from '../../test/company-test-kit.js';
import { buildTestShop, insertProduct, uniquePhone, type TestShop } from '../../test/test-app.js';

// No invoice is ever printed with a blank requisite: without every one, bank transfer is not offered.
const MISSING: [string, Parameters<typeof buildTestShop>[0]][] = [
  ['SHOP_LEGAL_NAME', { invoice: { legalName: undefined } }],
  ['SHOP_TIN', { invoice: { tin: undefined } }],
  ['SHOP_BANK_ACCOUNT', { invoice: { bankAccount: undefined } }],
  ['SHOP_MFO', { invoice: { mfo: undefined } }],
  ['SHOP_BANK', { invoice: { bank: undefined } }],
  ['SHOP_ADDRESS', { shopContacts: { social: {} } }],
];

async function methodsAndOrder(shop: TestShop) {
  const { id } = await insertProduct(shop, { name: 'Maktab stuli', price: 112_000, stock: 10 });
  const methods = await shop.app.inject({ url: '/api/payments/methods' });
  const order = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: shopperAddress(),
    payload: {
      customerName: 'Dilnoza Karimova',
      phoneNumber: uniquePhone(),
      items: [{ productId: id, quantity: 1, color: 'oq' }],
      paymentMethod: 'bank_transfer',
      buyer: SCHOOL,
    },
  });
  return { methods: methods.json().methods as string[], order };
}

describe('bank transfer', () => {
  it.each(MISSING)('is not offered while %s is unset', async (_variable, overrides) => {
    const shop = await buildTestShop(overrides);
    try {
      const { methods, order } = await methodsAndOrder(shop);
      expect(methods).toEqual(['cash']);
      expect(order.statusCode).toBe(400);
      expect(order.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    } finally {
      await shop.close();
    }
  });

  it('is offered with every requisite set', async () => {
    const shop = await buildTestShop();
    try {
      const { methods, order } = await methodsAndOrder(shop);
      expect(methods).toEqual(['cash', 'bank_transfer']);
      expect(order.statusCode, order.body).toBe(201);
    } finally {
      await shop.close();
    }
  });
});
