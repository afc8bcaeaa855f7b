import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponseSchema, loginSchema, passwordResetSchema, signUpSchema, type User } from '@shop/common';
import type { RateLimits } from '../../config/config.js';
import { AppError, tooManyRequests } from '../../plugins/errors.js';
import { recordedConsent } from '../../plugins/consent.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { toUserDto, type UserService } from '../users/user-service.js';
import { hasSecondFactor, type SecondFactor } from '../users/second-factor.js';
import { LocalFailureCounts, type FailureCounts } from '../../shared-state/local-failure-counts.js';
import { phoneCodeInvalid, type PhoneCodeService } from '../phone-codes/phone-code-service.js';

const authErrors = errorResponses(400, 401, 409, 429);

function tooManyAttempts(waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return tooManyRequests('RATE_LIMITED', `Too many failed attempts. Try again in ${minutes} min.`, waitMs);
}

/** Same code with or without a code sent, so spec clients see one "needs the second factor" answer. */
const secondFactorRequired = (message: string) => new AppError(401, 'SECOND_FACTOR_REQUIRED', message);

export default async function authRoutes(
  app: FastifyInstance,
  options: {
    users: UserService;
    secondFactor: SecondFactor;
    limits: RateLimits;
    /** Shared counts (Redis) when several processes serve the shop; this process's otherwise. */
    failureCounts?: (name: 'phone' | 'address', limit: number, windowMs: number) => FailureCounts;
    phoneCodes: PhoneCodeService;
    /** False with `PHONE_VERIFICATION=off`: sign-up takes no code, and its accounts are not verified. */
    verifySignUp: boolean;
    /** The privacy text in force (its version), which a new account agrees to. */
    consentVersion: string;
  },
) {
  const { users, secondFactor, limits, phoneCodes, verifySignUp, consentVersion } = options;
  const counts =
    options.failureCounts ?? ((_name, limit, windowMs) => new LocalFailureCounts(limit, windowMs));
  const byPhone = counts('phone', limits.loginFailuresPerPhone, limits.loginWindowMs);
  const byAddress = counts('address', limits.loginFailuresPerAddress, limits.loginWindowMs);
  // A new account is at session version 0; a signed-in one is at its row's.
  const session: Session = (user, sessionVersion = 0) => ({
    token: app.signToken({ id: user._id, role: user.role, sessionVersion }),
    user: { ...user, name: user.fullName },
  });

  loginRoute(app, { users, secondFactor, byPhone, byAddress, session });
  accountRoutes(app, {
    users,
    phoneCodes,
    verifySignUp,
    consentVersion,
    byPhone,
    session,
    signUpsPerMinute: limits.signUpsPerAddressPerMinute,
  });
}

type Session = (user: User, sessionVersion?: number) => { token: string; user: User & { name: string } };

/** Sign-in by phone and password, throttled per phone (from one address) and per address. */
function loginRoute(
  app: FastifyInstance,
  {
    users,
    secondFactor,
    byPhone,
    byAddress,
    session,
  }: {
    users: UserService;
    secondFactor: SecondFactor;
    byPhone: FailureCounts;
    byAddress: FailureCounts;
    session: Session;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Unknown phones are checked against a real hash too, so timing does not reveal which phones exist.
  const decoyHash = hashPassword('decoy password that never matches');

  routes.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with phone and password; answers a bearer token and the account',
        description:
          'An account with two-factor sign-in answers 401 SECOND_FACTOR_REQUIRED until `code` (the ' +
          "authenticator's 6-digit code or a one-time recovery code) is sent with the password. Wrong " +
          'passwords and wrong codes count toward the same throttle (429 RATE_LIMITED).',
        operationId: 'login',
        tags: ['auth'],
        security: SECURITY.public,
        body: loginSchema,
        response: { 200: authResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const { phoneNumber, password } = request.body;
      const code = request.body.code || undefined;
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
      if (!user || !valid) {
        if (user) await users.recordSignIn(user, false);
        throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid phone number or password');
      }
      if (hasSecondFactor(user)) {
        if (!code) {
          // The right password alone is not a failed guess: the client is asked for the code.
          await Promise.all([byPhone.forgive(phoneHere), byAddress.forgive(request.ip)]);
          throw secondFactorRequired(
            'Enter the 6-digit code from your authenticator app, or a recovery code',
          );
        }
        // A wrong code stays counted: codes are guessed under the same throttle as passwords.
        if (!(await secondFactor.verify(user, code))) {
          await users.recordSignIn(user, false);
          throw secondFactorRequired('The code is wrong or was already used; enter the newest code');
        }
      }
      await users.recordSignIn(user, true);
      await Promise.all([byPhone.reset(phoneHere), byAddress.forgive(request.ip)]);
      return session(toUserDto({ ...user, lastActiveAt: new Date() }), user.sessionVersion);
    },
  );
}

/** A new customer account, and a new password by SMS code; both sign in. */
function accountRoutes(
  app: FastifyInstance,
  options: {
    users: UserService;
    phoneCodes: PhoneCodeService;
    verifySignUp: boolean;
    consentVersion: string;
    byPhone: FailureCounts;
    session: Session;
    signUpsPerMinute: number;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users, phoneCodes, verifySignUp, consentVersion, byPhone, session, signUpsPerMinute } = options;

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
      config: { rateLimit: { max: signUpsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { code, consent: _agreed, consentVersion: _shown, ...account } = request.body;
      const consent = recordedConsent(request.body, consentVersion, request.ip);
      if (verifySignUp) await phoneCodes.require(account.phoneNumber, 'signup', code);
      // Sign-up never chooses a role: every account made here is a customer (docs/decisions/003).
      const user = await users.create({ ...account, role: 'customer', phoneVerified: verifySignUp, consent });
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
        response: { 200: authResponseSchema, ...errorResponses(400, 409, 429) },
      },
      config: { rateLimit: { max: signUpsPerMinute, timeWindow: 60_000 } },
    },
    async (request) => {
      const { phoneNumber, code, password } = request.body;
      await phoneCodes.require(phoneNumber, 'reset', code);
      const row = await users.resetPassword(phoneNumber, password);
      // A live reset code for a phone without an account cannot exist (none is sent); said alike anyway.
      if (!row) throw phoneCodeInvalid();
      // Proven owner: the sign-in throttle of the phone, from this address where it counts, starts over.
      await byPhone.reset(`${phoneNumber}@${request.ip}`);
      return session(toUserDto(row), row.sessionVersion);
    },
  );
}
