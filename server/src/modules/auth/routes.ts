import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponseSchema, errorResponseSchema, loginSchema, signUpSchema, type User } from '@shop/common';
import type { RateLimits } from '../../config/config.js';
import { AppError } from '../../plugins/errors.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { toUserDto, type UserService } from '../users/user-service.js';
import { FailureCounter } from './login-throttle.js';

const authErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

function tooManyAttempts(waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(429, 'RATE_LIMITED', `Too many failed attempts. Try again in ${minutes} min.`);
}

export default async function authRoutes(
  app: FastifyInstance,
  options: { users: UserService; limits: RateLimits },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users, limits } = options;
  const byPhone = new FailureCounter(limits.loginFailuresPerPhone, limits.loginWindowMs);
  const byAddress = new FailureCounter(limits.loginFailuresPerAddress, limits.loginWindowMs);
  // Unknown phones are checked against a real hash too, so timing does not reveal which phones exist.
  const decoyHash = hashPassword('decoy password that never matches');

  const session = (user: User) => ({
    token: app.signToken({ id: user._id, role: user.role }),
    user: { ...user, name: user.fullName },
  });

  routes.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: authResponseSchema, ...authErrors } } },
    async (request) => {
      const { phoneNumber, password } = request.body;
      const wait = Math.max(byPhone.blockedFor(phoneNumber), byAddress.blockedFor(request.ip));
      if (wait > 0) throw tooManyAttempts(wait);
      // Counted as a failure before the slow password check, so a burst of parallel guesses
      // cannot all pass the check above; a success, or a database error of ours, takes it back.
      byPhone.fail(phoneNumber);
      byAddress.fail(request.ip);
      const user = await users.findByPhone(phoneNumber).catch((error: unknown) => {
        byPhone.forgive(phoneNumber);
        byAddress.forgive(request.ip);
        throw error;
      });
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
      if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid phone number or password');
      byPhone.reset(phoneNumber);
      byAddress.forgive(request.ip);
      await users.touch(user.id);
      return session(toUserDto({ ...user, lastActiveAt: new Date() }));
    },
  );

  routes.post(
    '/auth/signUp',
    {
      schema: { tags: ['auth'], body: signUpSchema, response: { 201: authResponseSchema, ...authErrors } },
      config: { rateLimit: { max: limits.signUpsPerAddressPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      // Sign-up never chooses a role: every account made here is a customer (decisions.md).
      const user = await users.create({ ...request.body, role: 'customer' });
      return reply.status(201).send(session(user));
    },
  );
}
