import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponseSchema, loginSchema, passwordResetSchema, signUpSchema, type User } from '@shop/common';
import type { RateLimits } from '../../config/config.js';
import { AppError, tooManyRequests } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { toUserDto, type UserService } from '../users/user-service.js';
import { LocalFailureCounts, type FailureCounts } from '../../shared-state/local-failure-counts.js';
import { phoneCodeInvalid, type PhoneCodeService } from '../phone-codes/phone-code-service.js';

const authErrors = errorResponses(400, 401, 409, 429);

function tooManyAttempts(waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return tooManyRequests('RATE_LIMITED', `Too many failed attempts. Try again in ${minutes} min.`, waitMs);
}

export default async function authRoutes(
  app: FastifyInstance,
  options: {
    users: UserService;
    limits: RateLimits;
    /** Shared counts (Redis) when several processes serve the shop; this process's otherwise. */
    failureCounts?: (name: 'phone' | 'address', limit: number, windowMs: number) => FailureCounts;
    phoneCodes: PhoneCodeService;
    /** False with `PHONE_VERIFICATION=off`: sign-up takes no code, and its accounts are not verified. */
    verifySignUp: boolean;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users, limits, phoneCodes, verifySignUp } = options;
  const counts =
    options.failureCounts ?? ((_name, limit, windowMs) => new LocalFailureCounts(limit, windowMs));
  const byPhone = counts('phone', limits.loginFailuresPerPhone, limits.loginWindowMs);
  const byAddress = counts('address', limits.loginFailuresPerAddress, limits.loginWindowMs);
  // Unknown phones are checked against a real hash too, so timing does not reveal which phones exist.
  const decoyHash = hashPassword('decoy password that never matches');

  // A new account is at session version 0; a signed-in one is at its row's.
  const session = (user: User, sessionVersion = 0) => ({
    token: app.signToken({ id: user._id, role: user.role, sessionVersion }),
    user: { ...user, name: user.fullName },
  });

  routes.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with phone and password; answers a bearer token and the account',
        operationId: 'login',
        tags: ['auth'],
        security: SECURITY.public,
        body: loginSchema,
        response: { 200: authResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const { phoneNumber, password } = request.body;
      // A phone's failures count per client address: strangers guessing from elsewhere cannot
      // lock its owner out (the per-address limit still bounds each of them across all phones).
      const phoneHere = `${phoneNumber}@${request.ip}`;
      // Counted as a failure before the slow password check, so a burst of parallel guesses
      // cannot all pass the check; a success, or a database error of ours, takes it back.
      const [phoneWait, addressWait] = await Promise.all([
        byPhone.attempt(phoneHere),
        byAddress.attempt(request.ip),
      ]);
      if (phoneWait > 0 || addressWait > 0) {
        // The side that was not at its limit counted an attempt that checked no password.
        if (phoneWait === 0) await byPhone.forgive(phoneHere);
        if (addressWait === 0) await byAddress.forgive(request.ip);
        throw tooManyAttempts(Math.max(phoneWait, addressWait));
      }
      const user = await users.findByPhone(phoneNumber).catch(async (error: unknown) => {
        await Promise.all([byPhone.forgive(phoneHere), byAddress.forgive(request.ip)]);
        throw error;
      });
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
      if (user) await users.recordSignIn(user, valid);
      if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid phone number or password');
      await Promise.all([byPhone.reset(phoneHere), byAddress.forgive(request.ip)]);
      return session(toUserDto({ ...user, lastActiveAt: new Date() }), user.sessionVersion);
    },
  );

  routes.post(
    '/auth/signUp',
    {
      schema: {
        summary: 'Create a customer account and sign in',
        operationId: 'signUp',
        tags: ['auth'],
        security: SECURITY.public,
        body: signUpSchema,
        response: { 201: authResponseSchema, ...authErrors },
      },
      config: { rateLimit: { max: limits.signUpsPerAddressPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { code, ...account } = request.body;
      if (verifySignUp) await phoneCodes.require(account.phoneNumber, 'signup', code);
      // Sign-up never chooses a role: every account made here is a customer (docs/decisions/003).
      const user = await users.create({ ...account, role: 'customer', phoneVerified: verifySignUp });
      return reply.status(201).send(session(user));
    },
  );

  routes.post(
    '/auth/reset',
    {
      schema: {
        summary: 'Set a new password with an SMS code (purpose reset); signs in and ends every older session',
        description:
          'Staff accounts may reset too; a staff reset is written to the audit log. A wrong code and a ' +
          'phone without an account answer alike: 400 PHONE_CODE_INVALID.',
        operationId: 'resetPassword',
        tags: ['auth'],
        security: SECURITY.public,
        body: passwordResetSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 429) },
      },
      config: { rateLimit: { max: limits.signUpsPerAddressPerMinute, timeWindow: 60_000 } },
    },
    async (request) => {
      const { phoneNumber, code, password } = request.body;
      await phoneCodes.require(phoneNumber, 'reset', code);
      const row = await users.resetPassword(phoneNumber, password);
      // A live reset code for a phone without an account cannot exist (none is sent); said alike anyway.
      if (!row) throw phoneCodeInvalid();
      await byPhone.reset(phoneNumber);
      return session(toUserDto(row), row.sessionVersion);
    },
  );
}
