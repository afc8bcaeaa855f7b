import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentMethod, PlacedOrder } from '@shop/common';
import type { ClickConfig, PaymeConfig } from '../config/payment-config.js';
import { orders, paymentTransactions } from '../db/schema.js';
import { uniquePhone, type TestShop } from './test-app.js';
import type { Clock } from '../modules/payments/clock.js';

/** Test doubles and calls shared by the payment tests: providers' requests as they send them. */

export const PAYME: PaymeConfig = {
  merchantId: '5e730e8e0b852a417aa49ceb',
  secretKey: 'test-payme-key-#Q&!zx9',
  checkoutUrl: 'https://checkout.test.paycom.uz',
};

export const CLICK: ClickConfig = {
  serviceId: '20340',
  merchantId: '11234',
  secretKey: 'test-click-secret',
  checkoutUrl: 'https://my.click.test/services/pay',
  apiRoot: 'http://127.0.0.1:9/click-fiscal-is-off-in-this-test',
};

/** A clock the test moves by hand, so timeouts are reached without waiting. */
export class FakeClock implements Clock {
  private at = Date.now();
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

export const HOUR_MS = 3_600_000;

export const paymeAuth = (key = PAYME.secretKey, login = 'Paycom') =>
  `Basic ${Buffer.from(`${login}:${key}`).toString('base64')}`;

let rpcId = 0;

export interface PaymeReply {
  http: number;
  id: unknown;
  result?: Record<string, unknown> & { state?: number; transaction?: string };
  error?: { code: number; message: { uz: string; ru: string; en: string }; data?: string };
}

export async function payme(
  shop: TestShop,
  method: string,
  params: Record<string, unknown>,
  /** null sends no Authorization header at all. */
  authorization: string | null = paymeAuth(),
): Promise<PaymeReply> {
  const id = (rpcId += 1);
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/payments/payme',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const body = response.json();
  expect(body.jsonrpc).toBe('2.0');
  return { http: response.statusCode, ...body };
}

/** The sign_string Click sends (MD5 of the fields in its documented order). */
export function clickSign(fields: Record<string, string>, secret = CLICK.secretKey): string {
  return createHash('md5')
    .update(
      fields.click_trans_id! +
        fields.service_id +
        secret +
        fields.merchant_trans_id +
        (fields.merchant_prepare_id ?? '') +
        fields.amount +
        fields.action +
        fields.sign_time,
    )
    .digest('hex');
}

let clickTransCounter = 1_000_000 + Math.floor(Math.random() * 1_000_000);
export const newClickTransId = () => String((clickTransCounter += 1));

export interface ClickRequest {
  click_trans_id: string;
  merchant_trans_id: string;
  amount: string;
  merchant_prepare_id?: string;
  error?: string;
  action?: string;
  service_id?: string;
  /** Replaces the correct signature. */
  sign_string?: string;
}

export function clickFields(step: 'prepare' | 'complete', request: ClickRequest): Record<string, string> {
  const fields: Record<string, string> = {
    click_trans_id: request.click_trans_id,
    service_id: request.service_id ?? CLICK.serviceId,
    click_paydoc_id: String(Number(request.click_trans_id) + 7),
    merchant_trans_id: request.merchant_trans_id,
    amount: request.amount,
    action: request.action ?? (step === 'prepare' ? '0' : '1'),
    error: request.error ?? '0',
    error_note: request.error && request.error !== '0' ? 'Failed' : 'Success',
    sign_time: '2026-05-01 10:00:00',
    ...(request.merchant_prepare_id !== undefined
      ? { merchant_prepare_id: request.merchant_prepare_id }
      : {}),
  };
  fields.sign_string = request.sign_string ?? clickSign(fields);
  return fields;
}

export interface ClickReply {
  http: number;
  error: number;
  error_note: string;
  click_trans_id?: number;
  merchant_trans_id?: string;
  merchant_prepare_id?: number;
  merchant_confirm_id?: number;
}

/** Posts as Click does: a form. */
export async function click(
  shop: TestShop,
  step: 'prepare' | 'complete',
  request: ClickRequest,
): Promise<ClickReply> {
  const response = await shop.app.inject({
    method: 'POST',
    url: `/api/payments/click/${step}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(clickFields(step, request)).toString(),
  });
  return { http: response.statusCode, ...response.json() };
}

let shopperCounter = 0;
/** Each placed order comes from a shopper of its own (the per-address order limit is not under test here). */
const shopperAddress = () =>
  `10.99.${Math.floor(shopperCounter / 250) % 250}.${(shopperCounter++ % 250) + 1}`;

export async function placeOrder(
  shop: TestShop,
  productId: string,
  paymentMethod: PaymentMethod,
  quantity = 1,
): Promise<PlacedOrder> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: shopperAddress(),
    payload: {
      customerName: 'Nodira Aliyeva',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity, color: 'oq' }],
      paymentMethod,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function orderRow(shop: TestShop, id: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function transactionsOf(shop: TestShop, orderId: string) {
  return shop.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
}

/** The order as the confirmation page reads it, by its link. */
export async function paymentState(shop: TestShop, order: Pick<PlacedOrder, '_id' | 'orderKey'>) {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/api/orders/${order._id}?key=${order.orderKey}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
