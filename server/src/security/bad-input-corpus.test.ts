import { count, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId, productFormSchema, productUpdateSchema } from '@shop/common';
import { orders, products, staffAlerts, users, type ProductRow } from '../db/schema.js';
import { PromoService } from '../modules/promotions/promo-service.js';
import { backupKey } from '../ops/backup-archive.js';
import { FakeUzumNasiya } from '../test/fake-uzum-nasiya.js';
import { listFiles, makeImage } from '../test/images.js';
import { imagePart, multipartBody, type FormPart } from '../test/multipart.js';
import { recordFigure } from '../test/reliability-figures.js';
import { basic, TEST_ONEC } from '../test/onec-kit.js';
import { codeFor } from '../test/sms.js';
import { TEST_BOT_TOKEN, launchDataFor } from '../test/telegram.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  TEST_JWT_SECRET,
  uniquePhone,
  type TestShop,
  type TestUser,
} from '../test/test-app.js';

/*
 * The bad-input corpus of the security suite: every hostile value below goes through every body
 * field, query parameter and path parameter of every route in the OpenAPI document, with the other
 * fields valid so that it reaches the handler and the database. A new field is covered without
 * touching this file; a new route is too, and fails the first test until BASES holds a valid
 * request for it, which is what lets its payloads get past validation of the other fields.
 */

const TELEGRAM_WEBHOOK_SECRET = 'corpus-webhook-secret-0123456789';
const SMS_CALLBACK_SECRET = 'corpus-sms-callback-secret-0123456789';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** One hostile value: its JSON text, and the texts a form, query string or path carries for it. */
interface Payload {
  label: string;
  /** Raw JSON, so `__proto__` stays a real key and big integers keep every digit. */
  json: string;
  /** A list is sent as repeated fields. */
  texts: string[];
}

/** How a form or query string carries a value: lists as repeated fields, objects as JSON text. */
function textsOf(value: Json): string[] {
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  if (typeof value === 'string') return [value];
  if (value === null) return [''];
  return [JSON.stringify(value)];
}

const value = (label: string, payload: Json): Payload => ({
  label,
  json: JSON.stringify(payload),
  texts: textsOf(payload),
});
const rawJson = (label: string, json: string): Payload => ({ label, json, texts: [json] });

const DEPTH = 10_000;
const CORPUS: Payload[] = [
  value('SQL OR 1=1', "' OR 1=1 --"),
  value('SQL DROP TABLE', "'; DROP TABLE products; --"),
  value('SQL UNION SELECT', '1 UNION SELECT id, password_hash, role FROM users --'),
  value('LIKE wildcards and a backslash', '%_\\'),
  value('script tag', '<script>alert(1)</script>'),
  value('img onerror', '<img src=x onerror=alert(1)>'),
  value('javascript: URL', 'javascript:alert(1)'),
  value('attribute break-out', '"><svg onload=alert(1)>'),
  value('template expression', "{{constructor.constructor('alert(1)')()}}"),
  value('path traversal', '../../../../etc/passwd'),
  value('RTL override', 'Stol\u202Egpj.exe'),
  value('zero-width joiner family', '👨\u200D👩\u200D👧'),
  value('emoji with skin tone', '👍🏽🧑🏿‍🦱'),
  value('combining marks', `Z${'\u0351\u0364\u036B\u0310\u0346'.repeat(20)}algo`),
  value('lone surrogate', '\ud800'),
  value('NUL', 'a\u0000b'),
  value('fullwidth digits', '９０１２３４５６７'),
  value('Uzbek Latin', 'Oʻzbekiston gʻalabasi'),
  value('Uzbek Cyrillic', 'Ўзбекистон Қўқон'),
  value('BOM and zero-width space', '\uFEFF\u200B'),
  value('line and paragraph separators', 'a\u2028b\u2029c'),
  value('empty string', ''),
  value('only whitespace', ' \t\r\n '),
  value('1 MB string', 'x'.repeat(1024 * 1024)),
  rawJson('10 000 nested arrays', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`),
  rawJson('10 000 nested objects', `${'{"a":'.repeat(DEPTH)}null${'}'.repeat(DEPTH)}`),
  rawJson('__proto__ key', '{"__proto__":{"polluted":"yes"}}'),
  rawJson('constructor.prototype keys', '{"constructor":{"prototype":{"polluted":"yes"}}}'),
  value('__proto__ as text', '__proto__'),
  value('constructor as text', 'constructor'),
  value('prototype as text', 'prototype'),
  value('array', ['oq', 'qora']),
  value('empty array', []),
  value('object', { a: 1 }),
  value('empty object', {}),
  value('true', true),
  value('false', false),
  value('null', null),
  value('number as text', '42'),
  value('number', 42),
  value('-1', -1),
  value('0', 0),
  rawJson('-0', '-0'),
  value('0.5', 0.5),
  rawJson('1e308', '1e308'),
  rawJson('1e309, Infinity once parsed', '1e309'),
  rawJson('2**53 + 1', '9007199254740993'),
  rawJson('-2**63', '-9223372036854775808'),
  value('"Infinity"', 'Infinity'),
  value('"NaN"', 'NaN'),
  value('hexadecimal', '0x10'),
];

/** Keys that pollute prototypes when a parser or a merge copies them onto a plain object. */
const HOSTILE_KEYS = [
  { key: '__proto__', json: '{"polluted":"yes"}' },
  { key: 'constructor', json: '{"prototype":{"polluted":"yes"}}' },
  { key: 'prototype', json: '{"polluted":"yes"}' },
];

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  key: string;
  method: Method;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | undefined;
  /** A multipart product form. */
  isForm: boolean;
}

/**
 * The document describes the multipart product forms only in prose, so their fields come from the
 * schemas the routes parse them with.
 */
const FORM_SCHEMAS: Record<string, z.ZodType> = {
  'POST /api/products': productFormSchema,
  'PATCH /api/products/{id}': productUpdateSchema,
};

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

function documentedRoutes(document: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const key = `${method.toUpperCase()} ${path}`;
      const params = (place: string) =>
        (operation.parameters ?? []).filter((param) => param.in === place).map((param) => param.name);
      const formSchema = FORM_SCHEMAS[key];
      return {
        key,
        method: method.toUpperCase() as Method,
        path,
        pathParams: params('path'),
        queryParams: params('query'),
        body: formSchema
          ? (z.toJSONSchema(formSchema, { io: 'input' }) as JsonSchema)
          : operation.requestBody?.content['application/json']?.schema,
        isForm: formSchema !== undefined,
      };
    }),
  );
}

/** The records the base requests name. */
interface Fixtures {
  /** Sold by the orders; plenty of stock so every accepted order still goes through. */
  product: ProductRow;
  /** Edited, deleted and restored by the staff routes, so the product on sale stays as it is. */
  editable: ProductRow;
  order: { id: string; phoneNumber: string; key: string };
  /** An order paid by instalments, against the stand-in Uzum Nasiya, and its phone's SMS code. */
  instalmentOrder: { id: string; key: string; phoneCode: string };
  /** A buyer's phone for the instalment check, proven by its SMS code. */
  instalmentBuyer: { phoneNumber: string; phoneCode: string };
  /** A cash order for "cash received" alone: once paid, the other order routes would refuse edits. */
  cashOrder: { id: string; total: number };
  /** A school's order paid by bank transfer, for the transfer and the invoice. */
  companyOrder: { id: string; total: number; key: string };
  /** A price request: `asked` for staff to answer, `answered` for the buyer to accept. */
  asked: { id: string };
  answered: { id: string; key: string };
  /** An account with a live reset code, for the reset route's base request. */
  reset: { phoneNumber: string; code: string };
  /** A customer with a live code to delete their account, signed in as themselves. */
  leaver: { headers: Record<string, string>; code: string };
  /** Has a confirmed order of `product`, so may review it. */
  customer: TestUser;
  staff: TestUser;
  /** Another buyer's published review of `product`. */
  review: { id: string };
  /** Signed Mini App launch data of a Telegram account tied to a customer. */
  telegramLaunch: string;
  /** A staff alert given up, for the resend route. */
  deadAlert: { id: string };
  /** A promo code without limits, for the staff routes, the quote and the order. */
  promo: { id: string; code: string };
}

interface BaseRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: JsonObject;
  /** Sent as they are (a provider's own credential, such as Telegram's webhook secret). */
  headers?: Record<string, string>;
}

const COMPANY = {
  type: 'company',
  name: '12-maktab',
  tin: '207654321',
  bankAccount: '20212000900123456789',
  mfo: '00440',
  bank: 'Oʻzmilliybank',
  address: 'Gʻuzor, Mustaqillik 5',
  contactName: 'Dilnoza Karimova',
} as const;

const productFields = {
  name: 'Oak school desk',
  description: 'Two-seat desk with a shelf',
  price: 1_250_000,
  category: 'school',
  stock: 5,
  color: ['oq', 'qora'],
  status: 'active',
  isDiscounted: true,
  isNewProduct: true,
  discounts: { type: 'percentage', value: 10, startDate: '2026-01-01', endDate: '2026-12-31' },
  ikpu: '09403001001000000',
  packageCode: '1514296',
  vatPercent: 12,
};

/** A valid request per route, holding every documented field, so a payload is the only fault. */
/** Routes whose base request is refused on purpose (see its entry in BASES). */
const REFUSED_BASES = new Set([
  'POST /api/users/me/2fa/confirm',
  'POST /api/orders/{id}/payment/receipt',
  'POST /api/products/import',
]);

const BASES: Record<string, (fixtures: Fixtures) => BaseRequest> = {
  'GET /api/health': () => ({}),
  'GET /api/health/ready': () => ({}),
  // Its one field is the machine's key: every payload in it is a wrong key, answered 404.
  'GET /api/backup': () => ({ headers: { 'x-backup-key': backupKey(TEST_JWT_SECRET) } }),
  'POST /api/auth/login': ({ customer }) => ({
    body: { phoneNumber: customer.phoneNumber, password: customer.password },
  }),
  'POST /api/auth/signUp': () => ({
    body: { fullName: 'Malika Yusupova', phoneNumber: uniquePhone(), password: 'secret123', code: '123456' },
  }),
  'POST /api/auth/codes': () => ({ body: { phoneNumber: uniquePhone(), purpose: 'signup' } }),
  'POST /api/auth/reset': ({ reset }) => ({
    body: { phoneNumber: reset.phoneNumber, code: reset.code, password: 'secret456' },
  }),
  'POST /api/auth/telegram': ({ telegramLaunch }) => ({ body: { initData: telegramLaunch } }),
  'POST /api/telegram/webhook': () => ({
    headers: { 'x-telegram-bot-api-secret-token': TELEGRAM_WEBHOOK_SECRET },
    body: { update_id: 1 },
  }),
  'GET /feeds/google.xml': () => ({ query: { lang: 'ru' } }),
  'GET /feeds/yandex.yml': () => ({ query: { lang: 'ru' } }),
  'GET /feeds/meta.csv': () => ({ query: { lang: 'ru' } }),
  'POST /api/sms/eskiz/status/{secret}': () => ({
    params: { secret: SMS_CALLBACK_SECRET },
    body: { request_id: 'eskiz-1', message_id: 'eskiz-1', user_sms_id: '1', status: 'DELIVRD' },
  }),
  'GET /api/sms/messages': () => ({ query: { page: '1', limit: '10' } }),
  'GET /api/products': () => ({
    query: {
      page: '1',
      limit: '12',
      status: 'all',
      category: 'school',
      search: 'desk',
      sort: 'price_asc',
      filter: 'discount',
      color: 'oq',
      isDiscounted: 'true',
      isDeleted: 'all',
    },
  }),
  'POST /api/products': () => ({ body: productFields }),
  'GET /api/products/{id}': ({ product }) => ({ params: { id: product.id } }),
  'GET /api/products/export.xlsx': () => ({}),
  'GET /api/products/export.csv': () => ({}),
  // The sheet is a multipart file the corpus does not build: the base is a 415, and every payload
  // in its one documented field (`dryRun`) is a 400 or that 415; REFUSED_BASES lets it be.
  'POST /api/products/import': () => ({ query: { dryRun: '1' } }),
  'GET /api/products/suggest': () => ({ query: { q: 'stol', limit: '5', lang: 'ru' } }),
  'PATCH /api/products/{id}': ({ editable }) => ({
    params: { id: editable.id },
    // An image the product does not have: nothing is removed.
    body: { ...productFields, imagesToDelete: [`/uploads/products/${'f'.repeat(32)}.webp`] },
  }),
  'DELETE /api/products/{id}': ({ editable }) => ({ params: { id: editable.id } }),
  'PATCH /api/products/{id}/restore': ({ editable }) => ({ params: { id: editable.id } }),
  // Empty lists keep the product plain, so the other staff routes' bases (a price, a stock) still apply to it.
  'PUT /api/products/{id}/variants': ({ editable }) => ({
    params: { id: editable.id },
    body: { options: [], variants: [] },
  }),
  'DELETE /api/products/{id}/images': ({ editable }) => ({
    params: { id: editable.id },
    body: { imageUrl: editable.productImages[0]! },
  }),
  'POST /api/orders': ({ product, promo }) => ({
    body: {
      customerName: 'Aziz Karimov',
      phoneNumber: uniquePhone(),
      items: [{ productId: product.id, quantity: 1, color: 'oq', price: 1 }],
      totalAmount: 1,
      promoCode: promo.code.toLowerCase(),
    },
  }),
  'GET /api/orders/customer/{phone}': ({ order }) => ({ params: { phone: order.phoneNumber } }),
  'GET /api/orders': () => ({
    query: {
      page: '1',
      limit: '20',
      status: 'all',
      phoneNumber: '90 12',
      startDate: '2025-01-01',
      endDate: '2030-12-31',
    },
  }),
  'PATCH /api/orders/{id}': ({ order, product }) => ({
    params: { id: order.id },
    body: {
      status: 'new',
      products: [{ product: product.id, color: 'oq', quantity: 1, discountedPrice: null }],
      total: 0,
      notes: 'Call before delivery',
    },
  }),
  'DELETE /api/orders/{id}': ({ order }) => ({ params: { id: order.id } }),
  'POST /api/orders/{id}/payments/cash': ({ cashOrder }) => ({
    params: { id: cashOrder.id },
    body: { amount: cashOrder.total },
  }),
  'POST /api/orders/{id}/payments/bank-transfer': ({ companyOrder }) => ({
    params: { id: companyOrder.id },
    body: { amount: companyOrder.total, paidAt: '2026-11-20', reference: 'PP-1' },
  }),
  // No refused Click receipt in the fixtures: a real order answers 409 RECEIPT_NOT_REFUSED, and its
  // one field is the id, where every payload is a 400 or a 404; REFUSED_BASES lets it be.
  'POST /api/orders/{id}/payment/receipt': ({ order }) => ({ params: { id: order.id } }),
  'GET /api/orders/{id}/invoice.pdf': ({ companyOrder }) => ({
    params: { id: companyOrder.id },
    query: { key: companyOrder.key, lang: 'ru' },
  }),
  'POST /api/quotes': ({ product }) => ({
    body: {
      contact: { name: 'Dilnoza Karimova', phoneNumber: uniquePhone(), company: '12-maktab' },
      items: [{ productId: product.id, color: 'oq', quantity: 30 }],
      note: 'Sinf uchun',
      language: 'uz',
    },
  }),
  'GET /api/quotes': () => ({ query: { page: '1', limit: '10', status: 'all' } }),
  'GET /api/quotes/{id}': ({ answered }) => ({ params: { id: answered.id }, query: { key: answered.key } }),
  'PATCH /api/quotes/{id}': ({ asked }) => ({
    params: { id: asked.id },
    body: { lines: [{ price: 100_000 }], validUntil: '2030-01-01', note: 'Narx' },
  }),
  'POST /api/quotes/{id}/accept': ({ answered }) => ({
    params: { id: answered.id },
    body: { key: answered.key, buyer: COMPANY, paymentMethod: 'bank_transfer' },
  }),
  'GET /api/users': () => ({ query: { page: '1', limit: '10', search: 'Test', role: 'all' } }),
  'POST /api/users': () => ({
    body: {
      fullName: 'Dilnoza Karimova',
      phoneNumber: uniquePhone(),
      password: 'walnut-shelf-bracket',
      role: 'manager',
    },
  }),
  'PATCH /api/users/{id}': ({ staff }) => ({
    params: { id: staff.id },
    // A blank password keeps the current one, so the base costs no password hashing.
    body: { fullName: 'Dilnoza Karimova', phoneNumber: uniquePhone(), role: 'manager', password: '' },
  }),
  'DELETE /api/users/{id}': ({ staff }) => ({ params: { id: staff.id } }),
  'GET /api/users/me/2fa': () => ({}),
  'POST /api/users/me/2fa': () => ({ body: {} }),
  // A code that matches nothing (a right one depends on the clock and works once): the base is a
  // 400, which is what a hostile value must also get; REFUSED_BASES lets it be.
  'POST /api/users/me/2fa/confirm': () => ({ body: { code: '123456' } }),
  'GET /api/dashboard/stats': () => ({ query: { days: '30', lowStock: '5' } }),
  'GET /api/products/{id}/reviews': ({ product }) => ({
    params: { id: product.id },
    query: { page: '1', limit: '10' },
  }),
  'GET /api/products/{id}/reviews/mine': ({ product }) => ({ params: { id: product.id } }),
  'POST /api/products/{id}/reviews': ({ product }) => ({
    params: { id: product.id },
    body: { rating: 5, text: 'Mustahkam parta, tavsiya qilaman' },
  }),
  'GET /api/reviews/featured': () => ({ query: { limit: '3' } }),
  'GET /api/reviews': ({ product }) => ({
    query: { page: '1', limit: '10', status: 'published', productId: product.id },
  }),
  'PATCH /api/reviews/{id}': ({ review }) => ({ params: { id: review.id }, body: { status: 'published' } }),
  'GET /api/me/wishlist': () => ({}),
  'PUT /api/me/wishlist/{productId}': ({ product }) => ({ params: { productId: product.id } }),
  'DELETE /api/me/wishlist/{productId}': ({ product }) => ({ params: { productId: product.id } }),
  'POST /api/me/wishlist/merge': ({ product, editable }) => ({
    body: { productIds: [product.id, editable.id] },
  }),
  'GET /api/privacy': () => ({}),
  'GET /api/me/data': () => ({}),
  'DELETE /api/me': ({ leaver }) => ({ headers: leaver.headers, body: { code: leaver.code } }),
  'GET /api/delivery/zones': () => ({ query: { lang: 'ru' } }),
  'PUT /api/delivery/zones/{region}': () => ({
    params: { region: 'samarkand' },
    body: { enabled: true, fee: 150_000, freeFrom: null, leadDays: 3 },
  }),
  'GET /api/delivery/settings': () => ({}),
  'PUT /api/delivery/settings': () => ({
    body: { slots: ['09-13', '13-18', '18-21'], slotCapacity: 8, closedWeekdays: [7], carryPerFloor: 15_000 },
  }),
  'POST /api/delivery/quote': ({ product, promo }) => ({
    body: {
      region: 'tashkent-city',
      items: [{ productId: product.id, quantity: 1, color: 'oq' }],
      assembly: true,
      floor: 4,
      lift: false,
      promoCode: promo.code,
    },
  }),
  'POST /api/promo-codes': () => ({ body: promoFields() }),
  'GET /api/promo-codes': () => ({ query: { page: '1', limit: '20' } }),
  'GET /api/promo-codes/{id}': ({ promo }) => ({ params: { id: promo.id } }),
  'PATCH /api/promo-codes/{id}': ({ promo }) => ({
    params: { id: promo.id },
    body: { minTotal: 1000, maxUses: 1_000_000, maxUsesPerPhone: 1000, active: true },
  }),
  'GET /api/promo-codes/{id}/orders': ({ promo }) => ({ params: { id: promo.id } }),
  'GET /api/delivery/runs': () => ({ query: { date: '2026-12-01' } }),
  'PATCH /api/orders/{id}/delivery': ({ order }) => ({
    params: { id: order.id },
    body: { status: 'delivered' },
  }),
  'GET /api/payments/methods': () => ({}),
  'GET /api/orders/{id}': ({ order }) => ({ params: { id: order.id }, query: { key: order.key } }),
  'POST /api/orders/{id}/payment': ({ order }) => ({
    params: { id: order.id },
    query: { key: order.key },
    body: { method: 'cash' },
  }),
  'GET /api/instalments/terms': () => ({}),
  'GET /api/instalments/offer': () => ({ query: { amount: '1000000' } }),
  'POST /api/instalments/check': ({ instalmentBuyer }) => ({
    body: { phoneNumber: instalmentBuyer.phoneNumber, amount: 1_000_000 },
    headers: { 'x-phone-code': instalmentBuyer.phoneCode },
  }),
  // In the document's order: the contract, its code again, then the code that pays the order.
  'POST /api/orders/{id}/instalment': ({ instalmentOrder }) => ({
    params: { id: instalmentOrder.id },
    query: { key: instalmentOrder.key },
    body: { months: 12 },
    headers: { 'x-phone-code': instalmentOrder.phoneCode },
  }),
  'POST /api/orders/{id}/instalment/code': ({ instalmentOrder }) => ({
    params: { id: instalmentOrder.id },
    query: { key: instalmentOrder.key },
  }),
  'POST /api/orders/{id}/instalment/confirm': ({ instalmentOrder }) => ({
    params: { id: instalmentOrder.id },
    query: { key: instalmentOrder.key },
    body: { code: '1234' },
  }),
  // No provider is configured here: these answer every call as unauthenticated, in the provider's
  // own format (HTTP 200); payments/provider-hostile-input.test.ts sends hostile bodies signed right.
  'POST /api/payments/payme': ({ order }) => ({
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'CheckPerformTransaction',
      params: { amount: 100, account: { order_id: order.id } },
    },
  }),
  'POST /api/payments/click/prepare': ({ order }) => ({ body: clickBody(order.id) }),
  // 1C's exchange signs in with Basic; the orders' XML for a query, a file stored for `mode=file`.
  'GET /api/1c/exchange': () => ({
    query: { type: 'sale', mode: 'query', filename: 'orders.xml' },
    headers: basic(),
  }),
  'POST /api/1c/exchange': () => ({
    query: { type: 'catalog', mode: 'file', filename: 'import.xml' },
    body: { note: 'any bytes: 1C posts files raw' },
    headers: basic(),
  }),
  'POST /api/payments/click/complete': ({ order }) => ({
    body: { ...clickBody(order.id), merchant_prepare_id: '1' },
  }),
  'GET /api/orders/export': () => ({
    query: {
      format: 'csv',
      lang: 'ru',
      status: 'all',
      phoneNumber: '90 12',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      paymentStatus: 'all',
      paymentMethod: 'all',
    },
  }),
  'GET /api/audit': ({ staff }) => ({
    query: {
      page: '1',
      limit: '20',
      actor: staff.id,
      entity: 'product',
      action: 'update',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
    },
  }),
  'GET /api/alerts/status': () => ({}),
  'POST /api/alerts/{id}/retry': ({ deadAlert }) => ({ params: { id: deadAlert.id } }),
};

function clickBody(orderId: string): JsonObject {
  return {
    click_trans_id: '2001',
    service_id: '20340',
    click_paydoc_id: '3001',
    merchant_trans_id: orderId,
    amount: '1000',
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-05-01 10:00:00',
    sign_string: '0'.repeat(32),
  };
}

const baseOf = (route: Route, fixtures: Fixtures): BaseRequest =>
  BASES[route.key]?.(fixtures) ?? {
    params: Object.fromEntries(route.pathParams.map((name) => [name, newId()])),
  };

type Field = (string | number)[];
type Location = 'path' | 'query' | 'json' | 'form' | 'file name';
interface Target {
  location: Location;
  field: Field;
}

const isObject = (candidate: Json | undefined): candidate is JsonObject =>
  typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate);

/** Body properties, and the properties of the objects (and first list items) the base holds. */
function fieldPaths(schema: JsonSchema, base: Json | undefined, prefix: Field = []): Field[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const field = [...prefix, name];
    const held = isObject(base) ? base[name] : undefined;
    const nested = [property, ...(property.anyOf ?? [])].flatMap((variant) => {
      if (variant.properties && isObject(held)) return fieldPaths(variant, held, field);
      const first = Array.isArray(held) ? held[0] : undefined;
      if (variant.items?.properties && isObject(first))
        return fieldPaths(variant.items, first, [...field, 0]);
      return [];
    });
    return [field, ...nested];
  });
}

function targetsOf(route: Route, base: BaseRequest): Target[] {
  const bodyTargets = (location: Location) =>
    route.body ? fieldPaths(route.body, base.body).map((field) => ({ location, field })) : [];
  return [
    ...route.pathParams.map((name) => ({ location: 'path' as const, field: [name] })),
    ...route.queryParams.map((name) => ({ location: 'query' as const, field: [name] })),
    ...(route.isForm
      ? [...bodyTargets('form'), { location: 'file name' as const, field: ['productImages'] }]
      : bodyTargets('json')),
  ];
}

/** Stands in for the field under test until the request is written out. */
const SLOT = '\u0001corpus payload\u0001';
const QUOTED_SLOT = JSON.stringify(SLOT);

function withSlot(value: Json, field: Field): Json {
  if (field.length === 0) return SLOT;
  const [step, ...rest] = field as [string | number, ...Field];
  const copy: Json = Array.isArray(value) ? [...value] : isObject(value) ? { ...value } : {};
  (copy as Record<string | number, Json>)[step] = withSlot(
    (copy as Record<string | number, Json>)[step] ?? null,
    rest,
  );
  return copy;
}

/** A value as JSON text with the payload's raw JSON in the slot (replaced by a function: no `$` patterns). */
const jsonWith = (value: Json, payload: Payload | undefined) => {
  const text = JSON.stringify(value);
  return payload ? text.replace(QUOTED_SLOT, () => payload.json) : text;
};

/** The texts a form or query string sends for one field. */
function fieldTexts(value: Json, payload: Payload | undefined): string[] {
  if (payload && value === SLOT) return payload.texts;
  // Forms carry lists and objects (colours, discounts, imagesToDelete) as one JSON text.
  return [typeof value === 'string' ? value : jsonWith(value, payload)];
}

/**
 * Percent-encodes as a browser does, but sends a lone surrogate as the raw bytes a hostile client
 * could (encodeURIComponent refuses it): invalid UTF-8 in the URL.
 */
function encodeHostile(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (char) => {
      const code = char.codePointAt(0)!;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }).join('');
  }
}

type Caller = 'guest' | 'admin' | 'customer';

/** One request: a route's base with at most one payload or one hostile key put in. */
interface Probe {
  route: Route;
  caller: Caller;
  target?: Target;
  payload?: Payload;
  hostileKey?: { location: 'query' | 'json' | 'form'; key: string; json: string };
}

let shop: TestShop;
let uzum: FakeUzumNasiya;
let admin: TestUser;
let tinyImage: Buffer;
let fixtures: Fixtures;
let routes: Route[];
const callersOf = new Map<string, Caller[]>();
const baseStatus = new Map<string, number>();

function requestOf(probe: Probe, base: BaseRequest): InjectOptions {
  const { route, target, payload, hostileKey } = probe;
  const slotted = (location: Location, values: JsonObject | undefined): JsonObject | undefined =>
    values && target?.location === location ? (withSlot(values, target.field) as JsonObject) : values;

  const params = slotted('path', base.params) ?? {};
  const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeHostile(fieldTexts(params[name] ?? '', payload).join(',')),
  );
  const query = Object.entries(slotted('query', base.query) ?? {}).flatMap(([name, text]) =>
    fieldTexts(text, payload).map((item) => `${encodeHostile(name)}=${encodeHostile(item)}`),
  );
  if (hostileKey?.location === 'query') {
    const key = encodeHostile(hostileKey.key);
    query.push(`${key}=${encodeHostile(hostileKey.json)}`, `${key}%5Bpolluted%5D=yes`);
  }
  const headers: Record<string, string> =
    probe.caller === 'admin'
      ? { ...admin.headers }
      : probe.caller === 'customer'
        ? { ...fixtures.customer.headers }
        : {};
  Object.assign(headers, base.headers);
  const request: InjectOptions = {
    method: route.method,
    url: query.length > 0 ? `${url}?${query.join('&')}` : url,
    headers,
  };
  if (!base.body) return request;

  if (route.isForm) {
    const fields = slotted('form', base.body)!;
    const parts: FormPart[] = Object.entries(fields).flatMap(([name, held]) =>
      fieldTexts(held, payload).map((text) => ({ name, value: text })),
    );
    if (hostileKey?.location === 'form') parts.push({ name: hostileKey.key, value: hostileKey.json });
    if (target?.location === 'file name')
      parts.push(imagePart(tinyImage, payload!.texts.join(','), 'image/png'));
    const form = multipartBody(parts);
    return { ...request, payload: form.payload, headers: { ...headers, ...form.headers } };
  }
  let json = jsonWith(slotted('json', base.body)!, payload);
  if (hostileKey?.location === 'json') {
    const separator = Object.keys(base.body).length > 0 ? ',' : '';
    json = `{${JSON.stringify(hostileKey.key)}:${hostileKey.json}${separator}${json.slice(1)}`;
  }
  return { ...request, payload: json, headers: { ...headers, 'content-type': 'application/json' } };
}

async function makeFixtures(): Promise<Fixtures> {
  const product = await insertProduct(shop, { name: 'Corpus desk', stock: 1_000_000, productImages: [] });
  const editable = await insertProduct(shop, {
    name: 'Corpus shelf',
    productImages: [`/uploads/products/${'a'.repeat(32)}.webp`],
  });
  const phoneNumber = uniquePhone();
  const placed = await shop.app.services.orders.place({
    customerName: 'Corpus customer',
    phoneNumber,
    items: [{ productId: product.id, quantity: 1, color: 'oq' }],
  });
  const instalmentPhone = uniquePhone();
  const instalmentOrder = await shop.app.services.orders.place({
    customerName: 'Corpus instalment customer',
    phoneNumber: instalmentPhone,
    items: [{ productId: product.id, quantity: 1, color: 'oq' }],
    paymentMethod: 'uzum_nasiya',
  });
  const cashOrder = await shop.app.services.orders.place({
    customerName: 'Corpus cash customer',
    phoneNumber: uniquePhone(),
    items: [{ productId: product.id, quantity: 1, color: 'oq' }],
  });
  const companyOrder = await shop.app.services.orders.place({
    customerName: 'Corpus school',
    phoneNumber: uniquePhone(),
    items: [{ productId: product.id, quantity: 1, color: 'oq' }],
    paymentMethod: 'bank_transfer',
    buyer: COMPANY,
  });
  const buyerPhone = uniquePhone();
  const quote = async (answer: boolean) => {
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/quotes',
      // Requests are limited per address: each fixture's from its own.
      remoteAddress: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: {
        contact: { name: 'Corpus school', phoneNumber: uniquePhone() },
        items: [{ productId: product.id, color: 'oq', quantity: 30 }],
      },
    });
    const { _id, key } = asked.json() as { _id: string; key: string };
    if (answer) {
      await shop.app.inject({
        method: 'PATCH',
        url: `/api/quotes/${_id}`,
        headers: admin.headers,
        payload: { lines: [{ price: 90_000 }], validUntil: '2030-01-01' },
      });
    }
    return { id: _id, key };
  };
  const staff = {
    id: newId(),
    role: 'manager' as const,
    fullName: 'Corpus manager',
    phoneNumber: uniquePhone(),
  };
  /** A customer whose order of the product staff have confirmed. */
  const buyer = async () => {
    const user = await createUser(shop, 'customer', 'Corpus buyer');
    const order = await shop.app.services.orders.place({
      customerName: 'Corpus buyer',
      phoneNumber: user.phoneNumber,
      items: [{ productId: product.id, quantity: 1, color: 'oq' }],
    });
    await shop.app.services.orders.update(order._id, { status: 'ordered' }, staff);
    return user;
  };
  const pastBuyer = await buyer();
  const resetUser = await createUser(shop, 'customer', 'Corpus forgetter');
  const resetCode = await shop.app.services.phoneCodes.store.issue(
    shop.database.db,
    resetUser.phoneNumber,
    'reset',
  );
  const leaver = await createUser(shop, 'customer', 'Corpus leaver');
  const leaverCode = await shop.app.services.phoneCodes.store.issue(
    shop.database.db,
    leaver.phoneNumber,
    'account',
  );
  const review = await shop.app.services.reviews.create(
    product.id,
    {
      id: pastBuyer.id,
      role: 'customer',
      fullName: 'Corpus buyer',
      phoneNumber: pastBuyer.phoneNumber,
      secondFactor: false,
    },
    { rating: 4, text: 'Yaxshi parta' },
  );
  const [deadAlert] = await shop.database.db
    .update(staffAlerts)
    .set({ state: 'dead' })
    .where(eq(staffAlerts.orderId, placed._id))
    .returning();
  return {
    product,
    editable,
    order: { id: placed._id, phoneNumber, key: placed.orderKey },
    instalmentOrder: {
      id: instalmentOrder._id,
      key: instalmentOrder.orderKey,
      phoneCode: await codeFor(shop, instalmentPhone, 'orders'),
    },
    instalmentBuyer: { phoneNumber: buyerPhone, phoneCode: await codeFor(shop, buyerPhone, 'orders', true) },
    cashOrder: { id: cashOrder._id, total: cashOrder.total },
    companyOrder: { id: companyOrder._id, total: companyOrder.total, key: companyOrder.orderKey },
    asked: await quote(false),
    answered: await quote(true),
    reset: { phoneNumber: resetUser.phoneNumber, code: resetCode },
    leaver: { headers: leaver.headers, code: leaverCode },
    customer: await buyer(),
    staff: await createUser(shop, 'manager'),
    review: { id: review._id },
    deadAlert: { id: String(deadAlert!.id) },
    promo: await promoCode(),
    telegramLaunch: await telegramLaunchData(),
  };
}

/** A code of its own each time (the code is unique), 5 % off with no limits. */
const promoFields = () => ({
  code: `CORPUS-${newId().slice(-10)}`,
  kind: 'percent' as const,
  value: 5,
  minTotal: 0,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2099-12-31T00:00:00Z',
  categories: ['school' as const, 'office' as const],
  productIds: [],
  maxUses: null,
  maxUsesPerPhone: null,
  active: true,
});

async function promoCode(): Promise<{ id: string; code: string }> {
  const created = await new PromoService(shop.database.db).create(promoFields(), null);
  return { id: created._id, code: created.code };
}

/** Launch data of a Telegram account tied to a customer of its own. */
async function telegramLaunchData(): Promise<string> {
  const telegramUserId = 800_000_000 + Math.floor(Math.random() * 100_000_000);
  const phone = uniquePhone();
  await shop.app.services.telegramShop.links.link({
    telegramUserId,
    chatId: telegramUserId,
    phone,
    fullName: 'Corpus Telegram',
    language: 'uz',
  });
  return launchDataFor({ id: telegramUserId, first_name: 'Corpus' });
}

const send = (probe: Probe, base: BaseRequest) => shop.app.inject(requestOf(probe, base));

beforeAll(async () => {
  uzum = await new FakeUzumNasiya().start();
  shop = await buildTestShop({
    payments: { uzum_nasiya: uzum.config({ timeoutMs: 5_000 }) },
    onec: TEST_ONEC,
    rateLimits: {
      loginFailuresPerPhone: 1_000_000,
      loginFailuresPerAddress: 1_000_000,
      signUpsPerAddressPerMinute: 1_000_000,
      lookupsPerAddressPerMinute: 1_000_000,
      shopperWritesPerUserPerMinute: 1_000_000,
    },
    // What a payload does to a handler is checked here; the codes' own refusals in phone-codes.test.ts.
    phoneCodes: { verifySignUp: false, orderLookupOpen: true, callbackSecret: SMS_CALLBACK_SECRET },
    // The customer bot on, its Bot API out of reach: no payload here makes it call out.
    telegramShop: {
      token: TEST_BOT_TOKEN,
      apiRoot: 'http://127.0.0.1:9',
      updates: 'webhook',
      webhookSecret: TELEGRAM_WEBHOOK_SECRET,
    },
  });
  admin = await createUser(shop, 'admin');
  tinyImage = await makeImage('png', { width: 8, height: 8 });
  // The API's routes and the catalogue feeds; the sitemap and robots.txt are pages (pages.test.ts
  // covers their input).
  routes = documentedRoutes((await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).filter(
    (route) => route.key.includes(' /api/') || route.key.includes(' /feeds/'),
  );
  fixtures = await makeFixtures();
  for (const route of routes) {
    // A DELETE removes the record it names, so it gets records of its own.
    const records = route.method === 'DELETE' ? await makeFixtures() : fixtures;
    const refused = () => response.statusCode === 401 || response.statusCode === 403;
    let response = await send({ route, caller: 'guest' }, baseOf(route, records));
    // A base with staff-only filters is a guest's 400 (docs/decisions/017): staff send it.
    const guestAllowed = !refused() && response.statusCode !== 400;
    let signedIn: Caller = 'admin';
    if (!guestAllowed) response = await send({ route, caller: signedIn }, baseOf(route, records));
    // Saved items and reviews are a customer's own: staff are refused there too.
    if (!guestAllowed && refused()) {
      signedIn = 'customer';
      response = await send({ route, caller: signedIn }, baseOf(route, records));
    }
    // Guests where guests are let in, else an admin or a customer. Staff also go through the public
    // reads, where they unlock paused products and the colour and discount filters.
    callersOf.set(
      route.key,
      !guestAllowed ? [signedIn] : route.method === 'GET' ? ['guest', 'admin'] : ['guest'],
    );
    baseStatus.set(route.key, response.statusCode);
  }
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await uzum?.stop();
});

function* probesOf(route: Route, base: BaseRequest): Generator<Probe> {
  for (const caller of callersOf.get(route.key) ?? []) {
    for (const target of targetsOf(route, base))
      for (const payload of CORPUS) yield { route, caller, target, payload };
    for (const { key, json } of HOSTILE_KEYS) {
      yield { route, caller, hostileKey: { location: 'query', key, json } };
      if (base.body)
        yield { route, caller, hostileKey: { location: route.isForm ? 'form' : 'json', key, json } };
    }
  }
}

const describeProbe = ({ route, caller, target, payload, hostileKey }: Probe) =>
  `${route.key} ${
    target
      ? `${target.location} ${target.field.join('.')} = ${payload!.label}`
      : `${hostileKey!.location} key ${hostileKey!.key}`
  } as ${caller}`;

const STORED_IMAGE = /^\/uploads\/products\/[0-9a-f]{32}\.(jpg|png|webp|avif|gif)$/;
// Originals and thumbnails under random names; sized copies named by the hash of their bytes.
const STORED_FILE =
  /^products\/((thumbs\/)?[0-9a-f]{32}\.(jpg|png|webp|avif|gif)|v\/[0-9a-f]{24}\.(avif|webp))$/;
const CHUNK = 20;

describe('bad-input corpus', () => {
  it('has a valid base request for every documented route, so payloads reach the handlers', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => !(route.key in BASES)).map((route) => route.key)).toEqual([]);
    const refused = [...baseStatus].filter(
      ([key, status]) => (status < 200 || status >= 300) && !REFUSED_BASES.has(key),
    );
    expect(refused).toEqual([]);
  });

  it(
    'answers every payload in every field with JSON and never a 5xx, and stores nothing that could run as script',
    { timeout: 180_000 },
    async () => {
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
      const serverErrors: string[] = [];
      const shapelessErrors: string[] = [];
      const notJson: string[] = [];
      let sent = 0;
      let fields = 0;

      const check = (probe: Probe, response: LightMyRequestResponse) => {
        const where = `${describeProbe(probe)}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) serverErrors.push(where);
        const empty = response.statusCode === 204 && response.body === '';
        // The order export, the invoice, the backup and the feeds answer a file, and the 1C exchange
        // plain text lines as 1C reads them; their errors are JSON like every other.
        const file =
          response.statusCode < 300 &&
          /^(text\/csv|text\/plain|application\/vnd\.openxmlformats|application\/pdf|application\/gzip|application\/(rss\+)?xml)/.test(
            String(response.headers['content-type']),
          );
        if (!empty && !file && !String(response.headers['content-type']).startsWith('application/json'))
          notJson.push(where);
        if (response.statusCode >= 400) {
          let body: { message?: unknown; code?: unknown } = {};
          try {
            body = response.json();
          } catch {
            // Not JSON at all: as shapeless as an error gets.
          }
          if (typeof body.message !== 'string' || typeof body.code !== 'string') shapelessErrors.push(where);
        }
      };

      // DELETEs go last: a hostile key alongside a valid id removes the shared record.
      const deletesLast = [...routes].sort(
        (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
      );
      for (const route of deletesLast) {
        const baseFor = () => baseOf(route, fixtures);
        fields += targetsOf(route, baseFor()).length;
        let chunk: Probe[] = [];
        const flush = async () => {
          const batch = chunk;
          chunk = [];
          const responses = await Promise.all(batch.map((probe) => send(probe, baseFor())));
          responses.forEach((response, index) => check(batch[index]!, response));
          sent += batch.length;
        };
        for (const probe of probesOf(route, baseFor())) {
          chunk.push(probe);
          if (chunk.length === CHUNK) await flush();
        }
        await flush();
      }

      expect(serverErrors).toEqual([]);
      expect(shapelessErrors).toEqual([]);

      // Nothing stored runs as script in a page: the API answers JSON only (application/json, never
      // text/html), so stored text reaches a page only through React, which renders it
      // as text; and uploaded images keep no user-chosen name or extension, so /uploads never serves
      // a file a client named .html or .svg.
      expect(notJson).toEqual([]);
      const storedImages = (await shop.database.db.select({ images: products.productImages }).from(products))
        .flatMap((row) => row.images)
        .filter((image) => !STORED_IMAGE.test(image));
      const files = await listFiles(shop.config.uploadsDir);
      expect(files.length).toBeGreaterThan(0);
      const foreignFiles = files.filter((file) => !STORED_FILE.test(file.replaceAll('\\', '/')));
      expect(storedImages).toEqual([]);
      expect(foreignFiles).toEqual([]);

      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // The injected SQL ran as text: every table is still there.
      for (const table of [products, orders, users])
        expect((await shop.database.db.select({ total: count() }).from(table))[0]!.total).toBeGreaterThan(0);

      recordFigure({
        test: 'bad-input corpus',
        figure: `${sent} payloads sent (${routes.length} routes, ${fields} fields), 0 × 5xx, 0 stored scripts`,
        ok: true,
      });
    },
  );
});
