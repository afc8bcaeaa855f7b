import { createHash } from 'node:crypto';
import type { Order } from '@shop/common';
import { call, type Answer } from './harness.js';

/** The providers' calls over real HTTP, for the payment rows of the reliability run. */

export const PAYME_KEY = 'reliability-payme-key-7Hq!x';
export const CLICK_SECRET = 'reliability-click-secret';
export const CLICK_SERVICE_ID = '30125';

/** Both providers on, as a shop owner would set them. */
export const PAYMENT_ENV: Record<string, string> = {
  PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
  PAYME_SECRET_KEY: PAYME_KEY,
  CLICK_SERVICE_ID,
  CLICK_MERCHANT_ID: '22011',
  CLICK_SECRET_KEY: CLICK_SECRET,
};

/** Ports of this suite's own shops (the payments range), one per file and database. */
export const PAYMENT_PORTS = {
  forgery: { PGlite: 3321, PostgreSQL: 3322 },
  storm: { PGlite: 3323, PostgreSQL: 3324 },
  crash: { PGlite: 3325, PostgreSQL: 3326 },
} as const;

export const basic = (login: string, key: string) =>
  `Basic ${Buffer.from(`${login}:${key}`).toString('base64')}`;

export interface PaymeAnswer {
  id: unknown;
  result?: { state?: number; transaction?: string; create_time?: number; perform_time?: number };
  error?: { code: number };
}

let rpcId = 0;
export async function paymeCall(
  shop: { url: string },
  method: string,
  params: Record<string, unknown>,
  authorization: string | null = basic('Paycom', PAYME_KEY),
): Promise<{ status: number; body: PaymeAnswer }> {
  try {
    const response = await fetch(`${shop.url}/api/payments/payme`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: (rpcId += 1), method, params }),
    });
    return { status: response.status, body: (await response.json()) as PaymeAnswer };
  } catch {
    return { status: 0, body: { id: null } };
  }
}

export function clickSign(fields: Record<string, string>, secret = CLICK_SECRET): string {
  return createHash('md5')
    .update(
      `${fields.click_trans_id}${fields.service_id}${secret}${fields.merchant_trans_id}` +
        `${fields.merchant_prepare_id ?? ''}${fields.amount}${fields.action}${fields.sign_time}`,
    )
    .digest('hex');
}

export interface ClickAnswer {
  error: number;
  merchant_prepare_id?: number;
  merchant_confirm_id?: number;
}

export async function clickCall(
  shop: { url: string },
  step: 'prepare' | 'complete',
  fields: { click_trans_id: string; merchant_trans_id: string; amount: string; merchant_prepare_id?: string },
  sign: (fields: Record<string, string>) => string = clickSign,
  serviceId = CLICK_SERVICE_ID,
): Promise<{ status: number; body: ClickAnswer }> {
  const form: Record<string, string> = {
    ...fields,
    service_id: serviceId,
    click_paydoc_id: String(Number(fields.click_trans_id) + 1),
    action: step === 'prepare' ? '0' : '1',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-05-01 10:00:00',
  };
  form.sign_string = sign(form);
  try {
    const response = await fetch(`${shop.url}/api/payments/click/${step}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: (await response.json()) as ClickAnswer };
  } catch {
    return { status: 0, body: { error: Number.NaN } };
  }
}

export const placeOnlineOrder = (
  shop: { url: string },
  phone: string,
  productId: string,
  paymentMethod: 'payme' | 'click',
  quantity = 1,
): Promise<Answer<Order>> =>
  call<Order>(shop, 'POST', '/api/orders', {
    body: {
      customerName: 'Reliability payer',
      phoneNumber: phone,
      items: [{ productId, quantity, color: 'oq' }],
      paymentMethod,
    },
  });

/** A Payme transaction id: 24 hex characters, as Payme makes them. */
export const paymeTransactionId = (prefix: string, index: number) =>
  `${prefix}${String(index).padStart(24 - prefix.length, '0')}`;
