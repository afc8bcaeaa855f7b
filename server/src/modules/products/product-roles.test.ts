import { createHmac } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Role } from '@shop/common';
import { products, users } from '../../db/schema.js';
import {
  TEST_JWT_SECRET,
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: Record<string, unknown>;
}

const STAFF: Role[] = ['manager', 'admin', 'ceo'];
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 token signed by hand, so that its claims (an expiry in the past) are exactly as written. */
function handSignedToken(claims: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('products: role matrix and tokens', () => {
  let shop: TestShop;
  const people = {} as Record<Role, TestUser>;

  beforeAll(async () => {
    shop = await buildTestShop();
    for (const role of ['customer', ...STAFF] as Role[]) people[role] = await createUser(shop, role);
  });
  afterAll(() => shop.close());

  const send = (call: Call, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: call.method, url: call.url, payload: call.payload, headers });
  const rowOf = async (id: string) => {
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, id));
    return row;
  };
  const headersFor = (who: Role | 'guest'): Record<string, string> =>
    who === 'guest' ? {} : people[who].headers;

  /** Each write route, on a product of its own; `done` checks that the write took effect. */
  const writes: {
    name: string;
    status: number;
    prepare(): Promise<{
      call: Call;
      id: string | null;
      done(response: Awaited<ReturnType<typeof send>>): Promise<void>;
    }>;
  }[] = [
    {
      name: 'POST /api/products',
      status: 201,
      async prepare() {
        const name = `Role made ${newId()}`;
        return {
          id: null,
          call: {
            method: 'POST',
            url: '/api/products',
            payload: { name, description: 'd', price: 10, category: 'loft', stock: 1 },
          },
          async done(response) {
            expect((await rowOf(response.json()._id))!.name).toBe(name);
          },
        };
      },
    },
    {
      name: 'PATCH /api/products/:id',
      status: 200,
      async prepare() {
        const row = await insertProduct(shop, { price: 10 });
        return {
          id: row.id,
          call: { method: 'PATCH', url: `/api/products/${row.id}`, payload: { price: 777 } },
          async done() {
            expect((await rowOf(row.id))!.price).toBe(777);
          },
        };
      },
    },
    {
      name: 'DELETE /api/products/:id',
      status: 200,
      async prepare() {
        const row = await insertProduct(shop);
        return {
          id: row.id,
          call: { method: 'DELETE', url: `/api/products/${row.id}` },
          async done() {
            expect((await rowOf(row.id))!.isDeleted).toBe(true);
          },
        };
      },
    },
    {
      name: 'PATCH /api/products/:id/restore',
      status: 200,
      async prepare() {
        const row = await insertProduct(shop, { isDeleted: true });
        return {
          id: row.id,
          call: { method: 'PATCH', url: `/api/products/${row.id}/restore` },
          async done() {
            expect((await rowOf(row.id))!.isDeleted).toBe(false);
          },
        };
      },
    },
    {
      name: 'DELETE /api/products/:id/images',
      status: 200,
      async prepare() {
        const row = await insertProduct(shop, {
          productImages: ['/uploads/products/keep.webp', '/uploads/products/drop.webp'],
        });
        return {
          id: row.id,
          call: {
            method: 'DELETE',
            url: `/api/products/${row.id}/images`,
            payload: { imageUrl: 'drop.webp' },
          },
          async done() {
            expect((await rowOf(row.id))!.productImages).toEqual(['/uploads/products/keep.webp']);
          },
        };
      },
    },
  ];

  describe.each(writes)('$name', (route) => {
    it('is 401 for a guest and 403 for a customer, and changes nothing', async () => {
      for (const [who, status, code] of [
        ['guest', 401, 'UNAUTHORIZED'],
        ['customer', 403, 'FORBIDDEN'],
      ] as const) {
        const { call, id } = await route.prepare();
        const before = id ? await rowOf(id) : undefined;
        const countBefore = (await shop.database.db.select({ id: products.id }).from(products)).length;
        const response = await send(call, headersFor(who));
        expect(response.statusCode, who).toBe(status);
        expect(response.json()).toEqual({ message: expect.any(String), code });
        if (id) expect(await rowOf(id)).toEqual(before);
        expect((await shop.database.db.select({ id: products.id }).from(products)).length).toBe(countBefore);
      }
    });

    it.each(STAFF)('is allowed for %s', async (role) => {
      const { call, done } = await route.prepare();
      const response = await send(call, headersFor(role));
      expect(response.statusCode).toBe(route.status);
      await done(response);
    });
  });

  describe('reads', () => {
    it('lets everyone list and read active products; only staff see (or may ask for) paused and deleted ones', async () => {
      const tag = `roles${newId()}`;
      const active = await insertProduct(shop, { name: `Active ${tag}` });
      const paused = await insertProduct(shop, { name: `Paused ${tag}`, status: 'onPaused' });
      const deleted = await insertProduct(shop, { name: `Deleted ${tag}`, isDeleted: true });
      for (const who of ['guest', 'customer', ...STAFF] as const) {
        const isStaff = who !== 'guest' && who !== 'customer';
        const listed = await send(
          { method: 'GET', url: `/api/products?search=${tag}&status=all&isDeleted=all` },
          headersFor(who),
        );
        expect(listed.statusCode, who).toBe(isStaff ? 200 : 400);
        if (isStaff) {
          const ids = listed
            .json()
            .docs.map((doc: { _id: string }) => doc._id)
            .sort();
          expect(ids, who).toEqual([active.id, paused.id, deleted.id].sort());
        }
        const shopList = await send({ method: 'GET', url: `/api/products?search=${tag}` }, headersFor(who));
        expect(
          shopList.json().docs.map((doc: { _id: string }) => doc._id),
          who,
        ).toEqual([active.id]);
        expect(
          (await send({ method: 'GET', url: `/api/products/${active.id}` }, headersFor(who))).statusCode,
        ).toBe(200);
        for (const hidden of [paused, deleted]) {
          const response = await send({ method: 'GET', url: `/api/products/${hidden.id}` }, headersFor(who));
          expect(response.statusCode, who).toBe(isStaff ? 200 : 404);
        }
      }
    });
  });

  describe('tokens', () => {
    let otherApp: ReturnType<typeof Fastify>;
    beforeAll(async () => {
      otherApp = Fastify();
      await otherApp.register(fastifyJwt, { secret: 'another-secret-that-is-long-enough-for-hs256-98765' });
      await otherApp.ready();
    });
    afterAll(() => otherApp.close());

    const staffCall = (): Call => ({
      method: 'POST',
      url: '/api/products',
      payload: { name: 'Token test', description: 'd', price: 1, category: 'school', stock: 1 },
    });

    async function expect401(authorization: string) {
      const target = await insertProduct(shop);
      const before = (await shop.database.db.select({ id: products.id }).from(products)).length;
      for (const call of [staffCall(), { method: 'DELETE', url: `/api/products/${target.id}` } as Call]) {
        const response = await send(call, { authorization });
        expect(response.statusCode, authorization.slice(0, 60)).toBe(401);
        expect(response.json()).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
      }
      expect((await shop.database.db.select({ id: products.id }).from(products)).length).toBe(before);
      expect(await rowOf(target.id)).toEqual(target);
    }

    it('refuses a garbage token and a malformed header with 401', async () => {
      await expect401('Bearer garbage');
      await expect401('Bearer ');
      await expect401('Basic YWRtaW46YWRtaW4=');
      await expect401(`Bearer ${people.admin.token}x`);
    });

    it('refuses a token signed with another secret with 401', async () => {
      const admin = people.admin;
      await expect401(`Bearer ${otherApp.jwt.sign({ sub: admin.id, role: 'admin' })}`);
      await expect401(
        `Bearer ${handSignedToken({ sub: admin.id, role: 'admin', iat: Math.floor(Date.now() / 1000) }, 'wrong')}`,
      );
    });

    it('refuses an alg: none token with 401', async () => {
      const claims = {
        sub: people.admin.id,
        role: 'admin',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 3600,
      };
      await expect401(`Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`);
      await expect401(`Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}`);
    });

    it('refuses an expired token with 401, while the same token unexpired works', async () => {
      const now = Math.floor(Date.now() / 1000);
      const valid = handSignedToken({ sub: people.ceo.id, role: 'ceo', iat: now, exp: now + 600 });
      const created = await send(staffCall(), { authorization: `Bearer ${valid}` });
      expect(created.statusCode).toBe(201);
      await expect401(
        `Bearer ${handSignedToken({ sub: people.ceo.id, role: 'ceo', iat: now - 7200, exp: now - 3600 })}`,
      );
    });

    it('answers a public read with a bad or expired token as a guest (decision 003)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = handSignedToken({
        sub: people.admin.id,
        role: 'admin',
        iat: now - 7200,
        exp: now - 3600,
      });
      const paused = await insertProduct(shop, { status: 'onPaused' });
      const asGuest = await send({ method: 'GET', url: '/api/products?limit=100' });
      expect(asGuest.statusCode).toBe(200);
      for (const authorization of ['Bearer garbage', `Bearer ${expired}`]) {
        const list = await send({ method: 'GET', url: '/api/products?limit=100' }, { authorization });
        expect(list.statusCode).toBe(200);
        // A guest's answer: the paused product stays hidden, and a staff filter is refused as a guest's.
        expect(list.json().totalDocs).toBe(asGuest.json().totalDocs);
        const filtered = await send({ method: 'GET', url: '/api/products?status=all' }, { authorization });
        expect(filtered.statusCode).toBe(400);
        const one = await send({ method: 'GET', url: `/api/products/${paused.id}` }, { authorization });
        expect(one.statusCode).toBe(404);
      }
      // The same staff route still refuses the bad token.
      await expect401('Bearer garbage');
    });

    it('gives the signed-in app tokens an expiry', () => {
      const [, payload] = people.admin.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      expect(claims.exp).toBeGreaterThan(claims.iat);
    });

    it("refuses a deleted user's token with 401", async () => {
      const gone = await createUser(shop, 'admin', 'Soon gone');
      expect((await send(staffCall(), gone.headers)).statusCode).toBe(201);
      await shop.database.db.delete(users).where(eq(users.id, gone.id));
      await expect401(gone.headers.authorization);
    });

    it('answers a user demoted to customer with 403, whatever the old token says', async () => {
      const demoted = await createUser(shop, 'manager', 'Soon demoted');
      expect((await send(staffCall(), demoted.headers)).statusCode).toBe(201);
      await shop.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, demoted.id));
      const response = await send(staffCall(), demoted.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
      // …and no longer sees paused products either.
      const paused = await insertProduct(shop, { status: 'onPaused' });
      expect(
        (await send({ method: 'GET', url: `/api/products/${paused.id}` }, demoted.headers)).statusCode,
      ).toBe(404);
    });
  });
});
