import fastifyJwt from '@fastify/jwt';
import { eq, and, lt, or, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_ROLES, mustHaveSecondFactor, type Role } from '@shop/common';
import { users } from '../db/schema.js';
import { AppError, forbidden } from './errors.js';

export interface CurrentUser {
  id: string;
  role: Role;
  fullName: string;
  /** Kept with the staff member's audit entries. */
  phoneNumber: string;
  /** Two-factor sign-in is on for the account. */
  secondFactor: boolean;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** `sv`: the account's session version when signed; tokens from before it was added have none. */
    payload: { sub: string; role: Role; sv?: number };
    user: { sub: string; role: Role; sv?: number };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser;
  }
  interface FastifyInstance {
    /** Requires a valid token of an existing user. */
    authenticate: onRequestAsyncHookHandler;
    /**
     * Requires one of the roles, as the user is now (a demoted user's old token no longer counts).
     * With `STAFF_2FA=required`, admins and ceos without a second factor are refused (403
     * SECOND_FACTOR_SETUP_REQUIRED) except on the routes that set it up (`secondFactorSetup`).
     */
    requireRole(roles: readonly Role[], options?: { secondFactorSetup?: boolean }): onRequestAsyncHookHandler;
    /** Public reads: a valid token identifies the caller; a missing, bad or expired one is a guest. */
    identify: onRequestAsyncHookHandler;
    signToken(user: SessionSubject): string;
  }
}

/** What a token is signed for: the account, its role, and the session version it is valid under. */
export interface SessionSubject {
  id: string;
  role: Role;
  sessionVersion: number;
}

export const isStaff = (user: CurrentUser | undefined): boolean =>
  !!user && (STAFF_ROLES as readonly string[]).includes(user.role);

const ACTIVITY_RESOLUTION_MS = 60_000;
const sessionExpired = () =>
  new AppError(401, 'UNAUTHORIZED', 'Your session has expired. Please log in again.');

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    options: { secret: string; expiresIn: string; staffSecondFactorRequired: boolean },
  ) {
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: 'HS256', expiresIn: options.expiresIn },
      verify: { algorithms: ['HS256'] },
    });

    async function loadUser(request: FastifyRequest): Promise<CurrentUser | undefined> {
      let payload: { sub: string; sv?: number };
      try {
        payload = await request.jwtVerify();
      } catch {
        return undefined;
      }
      if (typeof payload.sub !== 'string') return undefined;
      const [row] = await app.db
        .select({
          id: users.id,
          role: users.role,
          fullName: users.fullName,
          phoneNumber: users.phoneNumber,
          sessionVersion: users.sessionVersion,
          totpConfirmedAt: users.totpConfirmedAt,
        })
        .from(users)
        .where(eq(users.id, payload.sub))
        .limit(1);
      if (!row || (payload.sv ?? 0) !== row.sessionVersion) return undefined;
      // lastActiveAt is kept to the minute, so a busy session writes at most once a minute.
      await app.db
        .update(users)
        .set({ lastActiveAt: sql`now()` })
        .where(
          and(
            eq(users.id, row.id),
            or(
              isNull(users.lastActiveAt),
              lt(users.lastActiveAt, new Date(Date.now() - ACTIVITY_RESOLUTION_MS)),
            ),
          ),
        );
      return {
        id: row.id,
        role: row.role,
        fullName: row.fullName,
        phoneNumber: row.phoneNumber,
        secondFactor: row.totpConfirmedAt !== null,
      };
    }

    app.decorate('signToken', (user: SessionSubject) =>
      app.jwt.sign({ sub: user.id, role: user.role, sv: user.sessionVersion }),
    );

    async function authenticate(request: FastifyRequest): Promise<CurrentUser> {
      if (!request.headers.authorization) throw new AppError(401, 'UNAUTHORIZED', 'Please log in first.');
      const user = await loadUser(request);
      if (!user) throw sessionExpired();
      request.currentUser = user;
      return user;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      await authenticate(request);
    });

    app.decorate(
      'requireRole',
      (roles: readonly Role[], { secondFactorSetup = false } = {}) =>
        async (request: FastifyRequest) => {
          const user = request.currentUser ?? (await authenticate(request));
          if (!roles.includes(user.role)) throw forbidden();
          if (options.staffSecondFactorRequired && !secondFactorSetup && mustHaveSecondFactor(user.role))
            if (!user.secondFactor)
              throw forbidden(
                'Set up two-factor sign-in first (POST /api/users/me/2fa)',
                'SECOND_FACTOR_SETUP_REQUIRED',
              );
        },
    );

    // Decision 003: a public read never fails because of a stale token; the caller is answered as
    // a guest (staff-only routes still answer 401, which is where the web app signs out).
    app.decorate('identify', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return;
      const user = await loadUser(request);
      if (user) request.currentUser = user;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
