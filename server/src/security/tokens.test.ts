import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { recordFigure } from '../test/reliability-figures.js';
import {
  TEST_JWT_SECRET,
  buildTestShop,
  createUser,
  type TestShop,
  type TestUser,
} from '../test/test-app.js';

let shop: TestShop;
let manager: TestUser;

beforeAll(async () => {
  shop = await buildTestShop();
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());

const base64url = (value: string) => Buffer.from(value).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An HS256 token signed by hand, so its claims (an expiry in the past, no subject) are exactly as written. */
function hs256(claims: object, secret = TEST_JWT_SECRET): string {
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const managerClaims = (lifetimeSeconds = 3600) => ({
  sub: manager.id,
  role: 'manager',
  iat: nowSeconds(),
  exp: nowSeconds() + lifetimeSeconds,
});

/** A staff-only route: a token that gets through here is a staff session. */
function listOrders(authorization?: string) {
  return shop.app.inject({
    method: 'GET',
    url: '/api/orders?limit=1',
    headers: authorization ? { authorization } : {},
  });
}

interface TokenCase {
  name: string;
  /** The Authorization header to send; may change the database first (deleting, demoting). */
  authorization(): Promise<string | undefined>;
  status: 401 | 403;
}

/** A staff user whose token works now, changed by `change` afterwards. */
async function staffTokenThen(change: (user: TestUser) => Promise<unknown>): Promise<string> {
  const user = await createUser(shop, 'manager');
  expect((await listOrders(user.headers.authorization)).statusCode).toBe(200);
  await change(user);
  return user.headers.authorization;
}

const TOKEN_CASES: TokenCase[] = [
  { name: 'none', authorization: async () => undefined, status: 401 },
  { name: 'garbage', authorization: async () => 'Bearer not.a.token', status: 401 },
  { name: 'empty bearer', authorization: async () => 'Bearer ', status: 401 },
  { name: 'another scheme', authorization: async () => 'Basic dXNlcjpwYXNz', status: 401 },
  {
    name: 'wrong signature',
    authorization: async () =>
      `Bearer ${hs256({ ...managerClaims(), role: 'admin' }, 'another-secret-of-enough-length-0123456789')}`,
    status: 401,
  },
  {
    name: 'tampered payload',
    authorization: async () => {
      const [header, , signature] = manager.token.split('.');
      const payload = base64url(JSON.stringify({ ...managerClaims(), role: 'ceo' }));
      return `Bearer ${header}.${payload}.${signature}`;
    },
    status: 401,
  },
  {
    name: 'alg: none',
    authorization: async () =>
      `Bearer ${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(managerClaims()))}.`,
    status: 401,
  },
  {
    name: 'alg: none without a signature part',
    authorization: async () =>
      `Bearer ${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(managerClaims()))}`,
    status: 401,
  },
  {
    name: 'expired',
    authorization: async () =>
      `Bearer ${hs256({ ...managerClaims(), iat: nowSeconds() - 7200, exp: nowSeconds() - 60 })}`,
    status: 401,
  },
  {
    name: 'no subject',
    authorization: async () =>
      `Bearer ${hs256({ role: 'admin', iat: nowSeconds(), exp: nowSeconds() + 60 })}`,
    status: 401,
  },
  {
    name: "a deleted user's",
    authorization: () =>
      staffTokenThen((user) => shop.database.db.delete(users).where(eq(users.id, user.id))),
    status: 401,
  },
  {
    // The token still says manager; the role is read from the database on every request.
    name: "a demoted user's",
    authorization: () =>
      staffTokenThen((user) =>
        shop.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, user.id)),
      ),
    status: 403,
  },
];

describe('tokens', () => {
  it('accepts a signed-in token and hand-signed claims with a future expiry', async () => {
    // The controls for the cases below: the same route and claims do get through when valid.
    expect((await listOrders(manager.headers.authorization)).statusCode).toBe(200);
    expect((await listOrders(`Bearer ${hs256(managerClaims(60))}`)).statusCode).toBe(200);
  });

  it('refuses every missing, forged, expired or stale token with 401, and a demoted user with 403', async () => {
    const failures: string[] = [];
    for (const tokenCase of TOKEN_CASES) {
      const response = await listOrders(await tokenCase.authorization());
      const body = response.json();
      const code = tokenCase.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
      // Only a code and a message: no hint of which check failed.
      const ok =
        response.statusCode === tokenCase.status &&
        body.code === code &&
        Object.keys(body).sort().join() === 'code,message';
      if (!ok) failures.push(`${tokenCase.name}: ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
    recordFigure({
      test: 'tokens',
      figure: `${TOKEN_CASES.length} token cases (${TOKEN_CASES.map((c) => c.name).join(', ')}) → 401/403`,
      ok: true,
    });
  });

  it('ends every older session of a user whose password or role staff change', async () => {
    const admin = await createUser(shop, 'admin');
    const change = (user: TestUser, payload: object) =>
      shop.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: admin.headers, payload });

    const renamed = await createUser(shop, 'manager');
    expect((await change(renamed, { fullName: 'Another name' })).statusCode).toBe(200);
    expect((await listOrders(renamed.headers.authorization)).statusCode).toBe(200);

    const newPassword = await createUser(shop, 'manager');
    expect((await change(newPassword, { password: 'a-new-secret-1' })).statusCode).toBe(200);
    expect((await listOrders(newPassword.headers.authorization)).statusCode).toBe(401);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: newPassword.phoneNumber, password: 'a-new-secret-1' },
    });
    expect((await listOrders(`Bearer ${login.json().token}`)).statusCode).toBe(200);

    const newRole = await createUser(shop, 'manager');
    expect((await change(newRole, { role: 'ceo' })).statusCode).toBe(200);
    expect((await listOrders(newRole.headers.authorization)).statusCode).toBe(401);
  });

  it('accepts a token signed before session versions existed while the account is at version 0', async () => {
    expect((await listOrders(`Bearer ${hs256(managerClaims())}`)).statusCode).toBe(200);
    expect((await listOrders(`Bearer ${hs256({ ...managerClaims(), sv: 1 })}`)).statusCode).toBe(401);
  });
});
