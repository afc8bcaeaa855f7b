import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PlacedOrder, ShopperOrder } from '@shop/common';
import { auditLog, staffAlerts } from '../../db/schema.js';
import { SCHOOL, pdfText, placeCompanyOrder, shopperAddress } from '../../test/company-test-kit.js';
import { placeOrder } from '../../test/payment-test-kit.js';
import {
  TEST_INVOICE_SETTINGS,
  buildTestShop,
  createUser,
  insertProduct,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

const PRICE = 112_000;

/** Schools, kindergartens and companies: requisites on the order, bank transfer, the invoice. */
describe('company orders', () => {
  let shop: TestShop;
  let admin: TestUser;
  let manager: TestUser;
  let productId: string;

  beforeAll(async () => {
    shop = await buildTestShop({ shopContacts: { address: 'Toshkent, Amir Temur 1', social: {} } });
    admin = await createUser(shop, 'admin', 'Aziz Rahimov');
    manager = await createUser(shop, 'manager');
    productId = (
      await insertProduct(shop, {
        name: 'Maktab stuli',
        price: PRICE,
        stock: 100,
        ikpu: '09401001001000000',
        packageCode: '1500170',
      })
    ).id;
  });
  afterAll(() => shop.close());

  const post = (payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: '/api/orders', remoteAddress: shopperAddress(), payload });
  const body = (overrides: Record<string, unknown> = {}) => ({
    customerName: 'Dilnoza Karimova',
    phoneNumber: uniquePhone(),
    items: [{ productId, quantity: 2, color: 'oq' }],
    paymentMethod: 'bank_transfer',
    buyer: SCHOOL,
    ...overrides,
  });

  it('places a company order paid by bank transfer, with its requisites and an invoice number', async () => {
    const order = await placeCompanyOrder(shop, productId, 2);
    expect(order.payment).toMatchObject({ method: 'bank_transfer', status: 'unpaid' });
    expect(order.buyer).toEqual({ ...SCHOOL, bankAccount: '20212000900123456789' });
    expect(order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);

    const shopper = await shop.app.inject({ url: `/api/orders/${order._id}?key=${order.orderKey}` });
    const seen: ShopperOrder = shopper.json();
    expect(seen.buyer?.tin).toBe(SCHOOL.tin);
    expect(seen.invoiceNumber).toBe(order.invoiceNumber);
    expect(seen.payment.method).toBe('bank_transfer');
  });

  it.each([
    ['tin', { tin: '12345678' }],
    ['bankAccount', { bankAccount: '2020800090012345600' }],
    ['mfo', { mfo: '0087a' }],
    ['name', { name: '  ' }],
    ['contactName', { contactName: '' }],
  ])('refuses bad requisites with a 400 naming buyer.%s', async (field, change) => {
    const response = await post(body({ buyer: { ...SCHOOL, ...change } }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(`buyer.${field}`);
  });

  it('offers bank transfer to companies only', async () => {
    const person = await post(body({ buyer: { type: 'person' } }));
    expect(person.statusCode).toBe(400);
    expect(person.json().errors.map((error: { path: string }) => error.path)).toContain('paymentMethod');
    const noBuyer = await post(body({ buyer: undefined }));
    expect(noBuyer.statusCode).toBe(400);
    const companyCash = await post(body({ paymentMethod: 'cash' }));
    expect(companyCash.statusCode, companyCash.body).toBe(201);
    const methods = await shop.app.inject({ url: '/api/payments/methods' });
    expect(methods.json().methods).toContain('bank_transfer');
  });

  it('tells the staff chat it is a company, with its STIR', async () => {
    const order = await placeCompanyOrder(shop, productId);
    const [alert] = await shop.database.db
      .select()
      .from(staffAlerts)
      .where(eq(staffAlerts.orderId, order._id));
    expect(alert!.payload.company).toEqual({ name: SCHOOL.name, tin: SCHOOL.tin });
  });

  it('filters the staff list by buyer type and payment method', async () => {
    const company = await placeCompanyOrder(shop, productId);
    const person = await placeOrder(shop, productId, 'cash');
    const list = async (query: string) => {
      const response = await shop.app.inject({
        url: `/api/orders?limit=100&${query}`,
        headers: manager.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().docs as Order[]).map((order) => order._id);
    };
    const companies = await list('buyerType=company');
    expect(companies).toContain(company._id);
    expect(companies).not.toContain(person._id);
    const persons = await list('buyerType=person');
    expect(persons).toContain(person._id);
    expect(persons).not.toContain(company._id);
    const transfers = await list('paymentMethod=bank_transfer&buyerType=company');
    expect(transfers).toContain(company._id);
    expect(
      (await shop.app.inject({ url: '/api/orders?buyerType=school', headers: manager.headers })).statusCode,
    ).toBe(400);
  });

  describe('recording the transfer', () => {
    const record = (id: string, payload: Record<string, unknown>, user: TestUser | null = admin) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/payments/bank-transfer`,
        headers: user?.headers ?? {},
        payload,
      });
    let order: PlacedOrder;
    beforeAll(async () => {
      order = await placeCompanyOrder(shop, productId, 3);
    });

    it('is for admin and ceo only', async () => {
      const transfer = { amount: order.total, paidAt: '2026-11-20', reference: 'PP-77' };
      expect((await record(order._id, transfer, null)).statusCode).toBe(401);
      expect((await record(order._id, transfer, manager)).statusCode).toBe(403);
    });

    it('refuses an amount other than the total with 409', async () => {
      const response = await record(order._id, {
        amount: order.total - 1,
        paidAt: '2026-11-20',
        reference: 'PP-77',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('AMOUNT_MISMATCH');
    });

    it('refuses an order not paid by transfer', async () => {
      const cash = await placeOrder(shop, productId, 'cash');
      const response = await record(cash._id, { amount: cash.total, paidAt: '2026-11-20', reference: 'X' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('NOT_BANK_TRANSFER_ORDER');
    });

    it('refuses bad input with 400', async () => {
      expect(
        (await record(order._id, { amount: order.total, paidAt: 'yesterday', reference: 'X' })).statusCode,
      ).toBe(400);
      expect(
        (await record(order._id, { amount: order.total, paidAt: '2026-11-20', reference: ' ' })).statusCode,
      ).toBe(400);
    });

    it('marks the order paid, keeps the transfer, and audits it', async () => {
      const response = await record(order._id, {
        amount: order.total,
        paidAt: '2026-11-20',
        reference: 'PP-77',
      });
      expect(response.statusCode, response.body).toBe(200);
      const paid: Order = response.json();
      expect(paid.payment).toMatchObject({
        method: 'bank_transfer',
        status: 'paid',
        paidAt: '2026-11-19T19:00:00.000Z',
        bankTransfer: {
          amount: order.total,
          reference: 'PP-77',
          by: { _id: admin.id, name: 'Aziz Rahimov' },
        },
      });
      const entries = await shop.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order._id)));
      expect(entries.map((entry) => entry.changes)).toContainEqual(
        expect.objectContaining({ paymentStatus: { before: 'unpaid', after: 'paid' } }),
      );
      const again = await record(order._id, {
        amount: order.total,
        paidAt: '2026-11-20',
        reference: 'PP-77',
      });
      expect(again.json().code).toBe('ORDER_PAID');
      // The buyer's link does not show who recorded it.
      const shopper = await shop.app.inject({ url: `/api/orders/${order._id}?key=${order.orderKey}` });
      expect(shopper.json().payment.status).toBe('paid');
      expect(shopper.json().payment.bankTransfer).toBeUndefined();
    });
  });

  describe('the invoice', () => {
    it('is a PDF with both sides, the lines, VAT, and the sum in words', async () => {
      const order = await placeCompanyOrder(shop, productId, 15, { language: 'ru' });
      const response = await shop.app.inject({
        url: `/api/orders/${order._id}/invoice.pdf?key=${order.orderKey}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(`Toʻlov uchun hisob-varaq / Счёт на оплату № ${order.invoiceNumber}`);
      for (const value of [
        TEST_INVOICE_SETTINGS.tin!,
        TEST_INVOICE_SETTINGS.bankAccount!,
        TEST_INVOICE_SETTINGS.mfo!,
        'Kapitalbank ATB',
        'Toshkent, Amir Temur 1',
        SCHOOL.tin,
        '20212000900123456789',
        SCHOOL.mfo,
        'Oʻzmilliybank',
        'Dilnoza Karimova',
        'Maktab stuli',
        '09401001001000000',
      ])
        expect(text).toContain(value);
      // 15 × 112 000 = 1 680 000, VAT 12 % inside it: 180 000.
      expect(text).toContain('1 680 000');
      expect(text).toContain('НДС 12 %: 180 000');
      expect(text).toContain('Один миллион шестьсот восемьдесят тысяч сумов');
      expect(text).toContain('Школа № 12');

      const uzbek = await shop.app.inject({
        url: `/api/orders/${order._id}/invoice.pdf?key=${order.orderKey}&lang=uz`,
      });
      expect(await pdfText(uzbek.rawPayload)).toContain('Bir million olti yuz sakson ming soʻm');
    });

    it('rounds the VAT of the whole invoice once: two lines of 8 150 000 hold 1 746 429, not 1 746 428', async () => {
      const desk = await insertProduct(shop, { name: 'Oʻqituvchi stoli', price: 8_150_000, stock: 10 });
      const response = await post(
        body({
          items: [
            { productId: desk.id, quantity: 1, color: 'oq' },
            { productId: desk.id, quantity: 1, color: 'qora' },
          ],
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const order: PlacedOrder = response.json();
      const pdf = await shop.app.inject({
        url: `/api/orders/${order._id}/invoice.pdf?key=${order.orderKey}`,
      });
      // 16 300 000 × 12 / 112 = 1 746 428.57…
      expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain('НДС 12 %: 1 746 429');
    });

    it('keeps the seller it was issued with when the shop restarts with other requisites', async () => {
      const issued = await placeCompanyOrder(shop, productId);
      const restarted = await buildTestShop({
        databaseHandle: shop.database,
        keepDatabase: true,
        invoice: { legalName: 'Yangi Mebel MChJ', bankAccount: '20208000900999999001', mfo: '00999' },
        shopContacts: { address: 'Samarqand, Registon 3', social: {} },
      });
      try {
        const invoiceText = async (order: PlacedOrder) =>
          (
            await pdfText(
              (
                await restarted.app.inject({
                  url: `/api/orders/${order._id}/invoice.pdf?key=${order.orderKey}`,
                })
              ).rawPayload,
            )
          ).replace(/\s+/g, ' ');
        const before = await invoiceText(issued);
        for (const value of [TEST_INVOICE_SETTINGS.legalName!, TEST_INVOICE_SETTINGS.bankAccount!, '00873'])
          expect(before).toContain(value);
        expect(before).toContain('Toshkent, Amir Temur 1');
        expect(before).not.toContain('Yangi Mebel MChJ');
        expect(before).not.toContain('Samarqand, Registon 3');
        // An invoice issued after the change carries the new requisites.
        const after = await invoiceText(await placeCompanyOrder(restarted, productId));
        expect(after).toContain('Yangi Mebel MChJ');
        expect(after).toContain('20208000900999999001');
        expect(after).toContain('Samarqand, Registon 3');
      } finally {
        await restarted.close();
      }
    });

    it('opens for staff without the key, and for nobody else', async () => {
      const order = await placeCompanyOrder(shop, productId);
      const url = `/api/orders/${order._id}/invoice.pdf`;
      expect((await shop.app.inject({ url, headers: manager.headers })).statusCode).toBe(200);
      expect((await shop.app.inject({ url })).statusCode).toBe(404);
      expect((await shop.app.inject({ url: `${url}?key=wrong` })).statusCode).toBe(404);
    });

    it('does not exist for a person', async () => {
      const order = await placeOrder(shop, productId, 'cash');
      const response = await shop.app.inject({
        url: `/api/orders/${order._id}/invoice.pdf?key=${order.orderKey}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NO_INVOICE');
    });
  });
});
