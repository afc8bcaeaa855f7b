import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Role } from '@shop/common';
import { recordFigure } from '../test/reliability-figures.js';
import { buildTestShop, createUser, insertProduct, type TestShop, type TestUser } from '../test/test-app.js';

type Caller = 'guest' | Role;
const CALLERS: Caller[] = ['guest', 'customer', 'manager', 'admin', 'ceo'];

/** Who may call each route (docs/decisions/003). */
const PUBLIC: Caller[] = CALLERS;
const STAFF: Caller[] = ['manager', 'admin', 'ceo'];
const USER_ADMINS: Caller[] = ['admin', 'ceo'];
const CUSTOMERS: Caller[] = ['customer'];
const SIGNED_IN: Caller[] = ['customer', ...STAFF];

const ACCESS: Record<string, Caller[]> = {
  'GET /api/health': PUBLIC,
  'GET /api/health/ready': PUBLIC,
  // By address or bearer token, not by role: these calls come from this machine (metrics.test.ts).
  'GET /metrics': PUBLIC,
  // The machine's backup key opens it, never a role; to anyone else it does not exist (a 404).
  'GET /api/backup': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/signUp': PUBLIC,
  'POST /api/auth/codes': PUBLIC,
  'POST /api/auth/reset': PUBLIC,
  // Telegram's launch data is the credential, and the webhook's secret header (telegram-shop.test.ts).
  'POST /api/auth/telegram': PUBLIC,
  'POST /api/telegram/webhook': PUBLIC,
  // Eskiz's delivery reports: the secret in the address is the credential (sms-moderation.test.ts).
  'POST /api/sms/eskiz/status/{secret}': PUBLIC,
  'GET /api/sms/messages': USER_ADMINS,
  'GET /api/products': PUBLIC,
  'GET /api/products/{id}': PUBLIC,
  'GET /api/products/suggest': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
  'GET /sitemap-{n}.xml': PUBLIC,
  'GET /robots.txt': PUBLIC,
  'GET /feeds/google.xml': PUBLIC,
  'GET /feeds/yandex.yml': PUBLIC,
  'GET /feeds/meta.csv': PUBLIC,
  'POST /api/products': STAFF,
  'PATCH /api/products/{id}': STAFF,
  'DELETE /api/products/{id}': STAFF,
  'PATCH /api/products/{id}/restore': STAFF,
  'PUT /api/products/{id}/variants': STAFF,
  'DELETE /api/products/{id}/images': STAFF,
  'GET /api/products/export.xlsx': STAFF,
  'GET /api/products/export.csv': STAFF,
  'POST /api/products/import': USER_ADMINS,
  'POST /api/orders': PUBLIC,
  'GET /api/orders/customer/{phone}': PUBLIC,
  'GET /api/orders': STAFF,
  'GET /api/orders/export': STAFF,
  'PATCH /api/orders/{id}': STAFF,
  'DELETE /api/orders/{id}': STAFF,
  'POST /api/orders/{id}/payments/cash': STAFF,
  'POST /api/orders/{id}/payments/bank-transfer': USER_ADMINS,
  'POST /api/orders/{id}/payment/receipt': USER_ADMINS,
  'GET /api/orders/{id}/invoice.pdf': PUBLIC,
  'POST /api/quotes': PUBLIC,
  'GET /api/quotes': STAFF,
  'GET /api/quotes/{id}': PUBLIC,
  'PATCH /api/quotes/{id}': STAFF,
  'POST /api/quotes/{id}/accept': PUBLIC,
  'GET /api/users': STAFF,
  'POST /api/users': USER_ADMINS,
  'PATCH /api/users/{id}': USER_ADMINS,
  'DELETE /api/users/{id}': USER_ADMINS,
  'GET /api/users/me/2fa': STAFF,
  'POST /api/users/me/2fa': STAFF,
  'POST /api/users/me/2fa/confirm': STAFF,
  'GET /api/dashboard/stats': STAFF,
  'GET /api/products/{id}/reviews': PUBLIC,
  'GET /api/products/{id}/reviews/mine': SIGNED_IN,
  // Staff are refused too: only a customer who bought the product may review it.
  'POST /api/products/{id}/reviews': CUSTOMERS,
  'GET /api/reviews/featured': PUBLIC,
  'GET /api/reviews': STAFF,
  'PATCH /api/reviews/{id}': STAFF,
  'GET /api/me/wishlist': CUSTOMERS,
  'PUT /api/me/wishlist/{productId}': CUSTOMERS,
  'DELETE /api/me/wishlist/{productId}': CUSTOMERS,
  'POST /api/me/wishlist/merge': CUSTOMERS,
  'GET /api/privacy': PUBLIC,
  'GET /api/me/data': CUSTOMERS,
  // A staff account is removed by an admin, never by itself.
  'DELETE /api/me': CUSTOMERS,
  'GET /api/payments/methods': PUBLIC,
  'GET /api/orders/{id}': PUBLIC,
  // Whoever holds the order's link: its key decides, not a role.
  'POST /api/orders/{id}/payment': PUBLIC,
  'GET /api/instalments/terms': PUBLIC,
  'GET /api/instalments/offer': PUBLIC,
  'POST /api/instalments/check': PUBLIC,
  // The order's key (or its signed-in owner, or staff) opens these, as it opens the order.
  'POST /api/orders/{id}/instalment': PUBLIC,
  'POST /api/orders/{id}/instalment/code': PUBLIC,
  'POST /api/orders/{id}/instalment/confirm': PUBLIC,
  // The providers' endpoints take no session: Payme signs in with Basic auth, Click signs its body.
  'POST /api/payments/payme': PUBLIC,
  'POST /api/payments/click/prepare': PUBLIC,
  'POST /api/payments/click/complete': PUBLIC,
  // 1C signs in with HTTP Basic (ONEC_USER), never a session's role; off here, so a 404 to everyone
  // (the 401s and the cookie are checked in modules/onec/onec.test.ts).
  'GET /api/1c/exchange': PUBLIC,
  'POST /api/1c/exchange': PUBLIC,
  'GET /api/delivery/zones': PUBLIC,
  'PUT /api/delivery/zones/{region}': USER_ADMINS,
  'GET /api/delivery/settings': PUBLIC,
  'PUT /api/delivery/settings': USER_ADMINS,
  'POST /api/delivery/quote': PUBLIC,
  'GET /api/delivery/runs': STAFF,
  'PATCH /api/orders/{id}/delivery': STAFF,
  'POST /api/promo-codes': USER_ADMINS,
  'GET /api/promo-codes': USER_ADMINS,
  'GET /api/promo-codes/{id}': USER_ADMINS,
  'PATCH /api/promo-codes/{id}': USER_ADMINS,
  'GET /api/promo-codes/{id}/orders': USER_ADMINS,
  'GET /api/audit': USER_ADMINS,
  'GET /api/alerts/status': USER_ADMINS,
  'POST /api/alerts/{id}/retry': USER_ADMINS,
};

let shop: TestShop;
let routes: string[];
const users = new Map<Caller, TestUser>();

beforeAll(async () => {
  shop = await buildTestShop({
    rateLimits: { lookupsPerAddressPerMinute: 10_000, signUpsPerAddressPerMinute: 10_000 },
    // Roles are what this checks: the lookup's SMS code (its own 401) is checked in phone-codes.test.ts.
    phoneCodes: { orderLookupOpen: true },
  });
  for (const role of ['customer', 'manager', 'admin', 'ceo'] as const)
    users.set(role, await createUser(shop, role));
  const document = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  routes = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(() => shop.close());

describe('permission matrix', () => {
  it('names every API route, so a new route cannot escape it', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => !(route in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('refuses every caller the matrix does not allow, and lets the others through', async () => {
    const product = await insertProduct(shop);
    const violations: string[] = [];
    let checked = 0;
    for (const route of Object.keys(ACCESS)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        // Ids of records that may or may not exist: access is decided before the record is read.
        const url = path
          .replace('{id}', path.startsWith('/api/products') ? product.id : newId())
          .replace('{productId}', product.id)
          .replace('{phone}', '901234567');
        const user = users.get(caller);
        const response = await shop.app.inject({
          method: method as 'GET',
          url,
          headers: user ? user.headers : {},
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        checked += 1;
        const allowed = ACCESS[route]!.includes(caller);
        const status = response.statusCode;
        const expected = allowed ? 'not 401/403' : caller === 'guest' ? '401' : '403';
        const ok = allowed ? status !== 401 && status !== 403 : status === (caller === 'guest' ? 401 : 403);
        if (!ok || status >= 500) violations.push(`${route} as ${caller}: ${status}, expected ${expected}`);
      }
    }
    const routeCount = Object.keys(ACCESS).length;
    expect(checked).toBe(routeCount * CALLERS.length);
    expect(violations).toEqual([]);
    recordFigure({
      test: 'permission matrix',
      figure: `${routeCount} routes × ${CALLERS.length} callers = ${checked} checks, ${violations.length} violations`,
      ok: true,
    });
  });
});
