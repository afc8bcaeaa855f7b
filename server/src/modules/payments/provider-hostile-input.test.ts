import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestShop, insertProduct, type TestShop, stockOf } from '../../test/test-app.js';
import { CLICK_ERROR } from './click/click-protocol.js';
import { PAYME_ERROR } from './payme/payme-protocol.js';
import { CLICK, PAYME, clickSign, orderRow, paymeAuth, placeOrder } from '../../test/payment-test-kit.js';

/*
 * Past the credentials: random and hostile bodies, sent with Payme's right key or Click's right
 * signature, always get the provider's own answer (HTTP 200, a known code) and never a failure of
 * the shop's own (Payme -32400, Click -7); and stock stays accounted for: what the shelf lacks is
 * what the orders still open hold.
 */

const RUNS = 150;
const STOCK = 50;
const PAYME_CODES = new Set<number>(Object.values(PAYME_ERROR).filter((code) => code !== PAYME_ERROR.system));
const CLICK_CODES = new Set<number>(
  Object.values(CLICK_ERROR).filter((code) => code !== CLICK_ERROR.failedToUpdate),
);

let shop: TestShop;
let productId: string;
let orderIds: string[];

beforeAll(async () => {
  shop = await buildTestShop({ payments: { payme: PAYME, click: CLICK } });
  productId = (await insertProduct(shop, { price: 5_000, stock: STOCK })).id;
  orderIds = [
    (await placeOrder(shop, productId, 'payme'))._id,
    (await placeOrder(shop, productId, 'click'))._id,
    (await placeOrder(shop, productId, 'cash'))._id,
  ];
});
afterAll(() => shop.close());

/** Each order holds one unit until it is cancelled. */
async function expectStockAccountedFor() {
  const open = (await Promise.all(orderIds.map((id) => orderRow(shop, id)))).filter(
    (order) => order.status !== 'cancelled',
  );
  expect(await stockOf(shop, productId)).toBe(STOCK - open.length);
}

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '\u0000',
    '9'.repeat(400),
    '-1',
    '1e308',
    'NaN',
    '',
  ),
);
/** One of the shop's orders, read when a case is made (they exist only once the shop is built). */
const realOrderId = fc.integer({ min: 0, max: 2 }).map((index) => orderIds[index]!);
const anyValue = fc.oneof(fc.jsonValue(), hostileText, fc.integer(), fc.double());

describe('Payme with the right key', () => {
  const method = fc.constantFrom(
    'CheckPerformTransaction',
    'CreateTransaction',
    'PerformTransaction',
    'CancelTransaction',
    'CheckTransaction',
    'GetStatement',
    'ChangePassword',
    'SetFiscalData',
    'hasOwnProperty',
  );
  const params = fc.record(
    {
      id: anyValue,
      time: fc.oneof(fc.constant(Date.now()), anyValue),
      amount: fc.oneof(fc.constant(500_000), anyValue),
      account: fc.oneof(fc.record({ order_id: fc.oneof(realOrderId, anyValue) }), anyValue),
      reason: anyValue,
      from: anyValue,
      to: anyValue,
    },
    { requiredKeys: [] },
  );

  it('refuses a transaction id holding a NUL character as a malformed request, not a system error', async () => {
    for (const [method, params] of [
      [
        'CreateTransaction',
        { id: 'a\u0000', time: Date.now(), amount: 500_000, account: { order_id: orderIds[0] } },
      ],
      ['PerformTransaction', { id: '\u0000' }],
      ['CancelTransaction', { id: '\u0000', reason: 3 }],
      ['CheckTransaction', { id: 'x\u0000y' }],
    ] as const) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/payme',
        headers: { authorization: paymeAuth(), 'content-type': 'application/json' },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
      });
      expect(response.statusCode, method).toBe(200);
      expect(response.json().error.code, method).toBe(PAYME_ERROR.badRequest);
    }
    await expectStockAccountedFor();
  });

  it('answers every body with a JSON-RPC answer of a known code, as HTTP 200', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            jsonrpc: fc.constant('2.0'),
            id: anyValue,
            method,
            params: fc.oneof(params, anyValue),
          }),
          anyValue,
        ),
        async (body) => {
          const response = await shop.app.inject({
            method: 'POST',
            url: '/api/payments/payme',
            headers: { authorization: paymeAuth(), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode).toBe(200);
          const answer = response.json();
          expect(answer.jsonrpc).toBe('2.0');
          if (answer.error) expect(PAYME_CODES.has(answer.error.code), response.body).toBe(true);
          else expect(answer.result).toBeTypeOf('object');
        },
      ),
      { numRuns: RUNS },
    );
    await expectStockAccountedFor();
  });
});

describe('Click with the right signature', () => {
  const fieldValue = fc.oneof(hostileText, fc.integer().map(String), fc.constant('0'), fc.constant('1'));
  it('answers every signed form with a known Click code, as HTTP 200', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('prepare', 'complete'),
        fc.record({
          click_trans_id: fc.oneof(fc.integer({ min: 1, max: 1e9 }).map(String), fieldValue),
          click_paydoc_id: fieldValue,
          merchant_trans_id: fc.oneof(realOrderId, fieldValue),
          merchant_prepare_id: fieldValue,
          amount: fc.oneof(fc.constantFrom('5000', '5000.00'), fieldValue),
          action: fc.oneof(fc.constantFrom('0', '1'), fieldValue),
          error: fc.oneof(fc.constantFrom('0', '-5017'), fieldValue),
          error_note: fieldValue,
          sign_time: fieldValue,
        }),
        async (step, fields) => {
          const form: Record<string, string> = { ...fields, service_id: CLICK.serviceId };
          form.sign_string = clickSign(step === 'prepare' ? { ...form, merchant_prepare_id: '' } : form);
          const response = await shop.app.inject({
            method: 'POST',
            url: `/api/payments/click/${step}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          });
          expect(response.statusCode).toBe(200);
          expect(CLICK_CODES.has(response.json().error), response.body).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
    await expectStockAccountedFor();
  });
});
