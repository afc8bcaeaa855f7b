import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftShopDay, shopDay, type PlacedOrder, type PriceQuote } from '@shop/common';
import { auditLog, smsOutbox } from '../../db/schema.js';
import { SCHOOL } from '../../test/company-test-kit.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  stockOf,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

/** Bulk price requests: asked, answered with an SMS, accepted into an order at the quoted prices. */
describe('quotes', () => {
  let shop: TestShop;
  let manager: TestUser;
  let customer: TestUser;
  let chairId: string;

  beforeAll(async () => {
    shop = await buildTestShop();
    manager = await createUser(shop, 'manager');
    customer = await createUser(shop, 'customer');
    chairId = (await insertProduct(shop, { name: 'Maktab stuli', price: 250_000, stock: 40 })).id;
  });
  afterAll(() => shop.close());

  let addresses = 0;
  const ask = async (quantity = 30, phoneNumber = uniquePhone()) => {
    const response = await request(phoneNumber, `10.60.0.${++addresses}`, quantity);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { _id: string; key: string };
  };
  const request = (phoneNumber: string, remoteAddress: string, quantity = 30) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/quotes',
      remoteAddress,
      payload: {
        contact: { name: 'Dilnoza Karimova', phoneNumber, company: '12-maktab' },
        items: [{ productId: chairId, color: 'oq', quantity }],
        note: 'Sinf uchun 30 ta stul',
      },
    });
  const answer = (id: string, payload: Record<string, unknown>, user: TestUser | null = manager) =>
    shop.app.inject({ method: 'PATCH', url: `/api/quotes/${id}`, headers: user?.headers ?? {}, payload });
  const accept = (id: string, payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: `/api/quotes/${id}/accept`, payload });
  const tomorrow = () => shiftShopDay(shopDay(), 1);

  it('takes a request for more than the stock holds, and opens it only with its key', async () => {
    const { _id, key } = await ask(60);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const seen = await shop.app.inject({ url: `/api/quotes/${_id}?key=${key}` });
    expect(seen.statusCode).toBe(200);
    const quote: PriceQuote = seen.json();
    expect(quote).toMatchObject({
      status: 'requested',
      total: null,
      expired: false,
      note: 'Sinf uchun 30 ta stul',
    });
    expect(quote.items[0]).toMatchObject({ quantity: 60, listPrice: 250_000, price: null });
    expect((await shop.app.inject({ url: `/api/quotes/${_id}` })).statusCode).toBe(404);
    expect((await shop.app.inject({ url: `/api/quotes/${_id}?key=${key.slice(1)}x` })).statusCode).toBe(404);
  });

  it('refuses bad requests', async () => {
    const post = (payload: Record<string, unknown>) =>
      shop.app.inject({ method: 'POST', url: '/api/quotes', payload });
    expect((await post({ contact: { name: 'A', phoneNumber: '12' }, items: [] })).statusCode).toBe(400);
    const unknownColour = await post({
      contact: { name: 'A', phoneNumber: uniquePhone() },
      items: [{ productId: chairId, color: 'yashil', quantity: 2 }],
    });
    expect(unknownColour.statusCode).toBe(409);
    expect(unknownColour.json().code).toBe('COLOR_UNAVAILABLE');
  });

  it('lists and answers for staff only, and sends the buyer the link by SMS', async () => {
    const phone = uniquePhone();
    const { _id, key } = await ask(30, phone);
    expect((await shop.app.inject({ url: '/api/quotes' })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: '/api/quotes', headers: customer.headers })).statusCode).toBe(403);
    const list = await shop.app.inject({ url: '/api/quotes?status=requested', headers: manager.headers });
    expect(list.json().docs.map((quote: PriceQuote) => quote._id)).toContain(_id);

    const body = { lines: [{ price: 210_000 }], validUntil: tomorrow(), note: 'Yetkazish bepul' };
    expect((await answer(_id, body, customer)).statusCode).toBe(403);
    const wrongLines = await answer(_id, { ...body, lines: [{ price: 1 }, { price: 2 }] });
    expect(wrongLines.statusCode).toBe(400);
    expect(wrongLines.json().errors[0].path).toBe('lines');
    const answered = await answer(_id, body);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      total: 30 * 210_000,
      reply: { note: 'Yetkazish bepul', validUntil: tomorrow() },
    });
    const [sms] = await shop.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(sms!.message).toContain(`http://shop.test/quote/${_id}?key=${key}`);
  });

  it('places the order at the quoted prices when accepted, once', async () => {
    const { _id, key } = await ask(30);
    expect((await accept(_id, { key })).json().code).toBe('QUOTE_NOT_ANSWERED');
    await answer(_id, { lines: [{ price: 210_000 }], validUntil: tomorrow() });
    expect((await accept(_id, { key: 'wrong' })).statusCode).toBe(404);
    const before = await stockOf(shop, chairId);
    const response = await accept(_id, { key, buyer: SCHOOL, paymentMethod: 'bank_transfer' });
    expect(response.statusCode, response.body).toBe(201);
    const order: PlacedOrder = response.json();
    expect(order.total).toBe(30 * 210_000);
    expect(order.products[0]).toMatchObject({ quantity: 30, price: 250_000, discountedPrice: 210_000 });
    expect(order.payment.method).toBe('bank_transfer');
    expect(order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(await stockOf(shop, chairId)).toBe(before - 30);
    const quote: PriceQuote = (await shop.app.inject({ url: `/api/quotes/${_id}?key=${key}` })).json();
    expect(quote).toMatchObject({ status: 'accepted', orderId: order._id });
    expect((await accept(_id, { key })).json().code).toBe('QUOTE_ACCEPTED');
    expect((await answer(_id, { lines: [{ price: 1 }], validUntil: tomorrow() })).statusCode).toBe(409);
  });

  it('refuses an expired quote, and checks the stock when accepted', async () => {
    const expired = await ask(2);
    await answer(expired._id, { lines: [{ price: 200_000 }], validUntil: shiftShopDay(shopDay(), -1) });
    const late = await accept(expired._id, { key: expired.key });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('QUOTE_EXPIRED');

    const tooMany = await ask(1000);
    await answer(tooMany._id, { lines: [{ price: 200_000 }], validUntil: tomorrow() });
    const short = await accept(tooMany._id, { key: tooMany.key });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('OUT_OF_STOCK');
    // The quote stays open to accept once the stock is there.
    const quote = await shop.app.inject({ url: `/api/quotes/${tooMany._id}?key=${tooMany.key}` });
    expect(quote.json().status).toBe('answered');
  });

  it('starts staff from the price a shopper pays today, the sale price when a discount runs', async () => {
    const desk = await insertProduct(shop, {
      name: 'Partali stol',
      price: 1_000_000,
      isDiscounted: true,
      discountType: 'percentage',
      discountValue: 20,
    });
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/quotes',
      payload: {
        contact: { name: 'Dilnoza Karimova', phoneNumber: uniquePhone() },
        items: [{ productId: desk.id, color: 'oq', quantity: 25 }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const quote = await shop.app.inject({
      url: `/api/quotes/${response.json()._id}`,
      headers: manager.headers,
    });
    expect(quote.json().items[0].listPrice).toBe(800_000);
  });

  it('keeps bank transfer for companies when accepting', async () => {
    const { _id, key } = await ask(1);
    await answer(_id, { lines: [{ price: 200_000 }], validUntil: tomorrow() });
    const response = await accept(_id, { key, paymentMethod: 'bank_transfer' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('paymentMethod');
  });

  it('takes at most 5 requests an hour from one address, and 3 open per phone: 429 QUOTE_LIMIT', async () => {
    const address = '10.61.0.1';
    const fromOne = [];
    for (let i = 0; i < 6; i += 1) fromOne.push(await request(uniquePhone(), address));
    expect(fromOne.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(fromOne[5]!.json()).toMatchObject({ code: 'QUOTE_LIMIT' });
    expect(Number(fromOne[5]!.headers['retry-after'])).toBeGreaterThan(0);

    const phone = uniquePhone();
    const forOne = [];
    for (let i = 0; i < 4; i += 1) forOne.push((await request(phone, `10.62.0.${i + 1}`)).statusCode);
    expect(forOne).toEqual([201, 201, 201, 429]);
  });

  it('audits a staff price change with the old and new prices', async () => {
    const { _id } = await ask();
    await answer(_id, { lines: [{ price: 210_000 }], validUntil: tomorrow() });
    expect((await answer(_id, { lines: [{ price: 1 }], validUntil: tomorrow() })).statusCode).toBe(200);
    const entries = await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, _id));
    expect(entries.map((e) => [e.entity, e.actorId, e.changes.prices])).toEqual([
      ['quote', manager.id, { before: [null], after: [210_000] }],
      ['quote', manager.id, { before: [210_000], after: [1] }],
    ]);
  });
});
