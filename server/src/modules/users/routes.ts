import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  mustHaveSecondFactor,
  USER_ADMIN_ROLES,
  idParamsSchema,
  messageSchema,
  recoveryCodesSchema,
  secondFactorConfirmSchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
  userCreateSchema,
  userListQuerySchema,
  userPageSchema,
  userUpdateSchema,
  userWriteResponseSchema,
} from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { UserService } from './user-service.js';
import type { SecondFactor } from './second-factor.js';

const errors = errorResponses(...STAFF_ERRORS);
const writeErrors = errorResponses(...STAFF_ERRORS, 409);

export default async function userRoutes(
  app: FastifyInstance,
  options: { service: UserService; secondFactor: SecondFactor; staffSecondFactorRequired: boolean },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);
  const userAdminsOnly = app.requireRole(USER_ADMIN_ROLES);
  secondFactorRoutes(app, options);

  routes.get(
    '/users',
    {
      schema: {
        summary: 'Accounts for the back office, a page at a time',
        operationId: 'listUsers',
        tags: ['users'],
        security: SECURITY.bearer,
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...errors },
      },
      onRequest: staffOnly,
    },
    (request) => service.list(request.query),
  );

  routes.post(
    '/users',
    {
      schema: {
        summary: 'Create a staff account (admins and CEOs)',
        operationId: 'createUser',
        tags: ['users'],
        security: SECURITY.bearer,
        body: userCreateSchema,
        response: { 201: userWriteResponseSchema, ...writeErrors },
      },
      onRequest: userAdminsOnly,
    },
    async (request, reply) =>
      reply.status(201).send({ user: await service.create(request.body, request.currentUser!) }),
  );

  routes.patch(
    '/users/:id',
    {
      schema: {
        summary: "Change an account's name, phone, role or password (admins and CEOs)",
        operationId: 'updateUser',
        tags: ['users'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: userWriteResponseSchema, ...writeErrors },
      },
      onRequest: userAdminsOnly,
    },
    async (request) => ({
      user: await service.update(request.currentUser!, request.params.id, request.body),
    }),
  );

  routes.delete(
    '/users/:id',
    {
      schema: {
        summary: 'Delete an account (admins and CEOs; never your own or the last admin)',
        operationId: 'deleteUser',
        tags: ['users'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: messageSchema, ...writeErrors },
      },
      onRequest: userAdminsOnly,
    },
    async (request) => {
      await service.remove(request.currentUser!, request.params.id);
      return { message: 'User deleted successfully' };
    },
  );
}

/**
 * A staff member's own second factor. Open to staff who have not set it up yet even when
 * `STAFF_2FA=required` (the only staff routes that are), so they can.
 */
function secondFactorRoutes(
  app: FastifyInstance,
  {
    secondFactor,
    staffSecondFactorRequired,
  }: { secondFactor: SecondFactor; staffSecondFactorRequired: boolean },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffSettingUp = app.requireRole(STAFF_ROLES, { secondFactorSetup: true });

  routes.get(
    '/users/me/2fa',
    {
      schema: {
        summary: 'Whether your two-factor sign-in is on, and whether the shop requires it of you',
        operationId: 'getSecondFactor',
        tags: ['users'],
        security: SECURITY.bearer,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
      onRequest: staffSettingUp,
    },
    (request) => {
      const user = request.currentUser!;
      return secondFactor.status(user.id, staffSecondFactorRequired && mustHaveSecondFactor(user.role));
    },
  );

  routes.post(
    '/users/me/2fa',
    {
      schema: {
        summary: 'Start two-factor sign-in: a new TOTP secret and its otpauth:// address (for a QR code)',
        description:
          'Not in force until confirmed with a code; starting again replaces an unconfirmed secret.',
        operationId: 'startSecondFactor',
        tags: ['users'],
        security: SECURITY.bearer,
        response: { 200: secondFactorSetupSchema, ...writeErrors },
      },
      onRequest: staffSettingUp,
    },
    (request) => secondFactor.start(request.currentUser!.id),
  );

  routes.post(
    '/users/me/2fa/confirm',
    {
      schema: {
        summary: 'Confirm two-factor sign-in with a code from the app; answers 10 one-time recovery codes',
        description: 'The recovery codes are shown this once; only their hashes are kept.',
        operationId: 'confirmSecondFactor',
        tags: ['users'],
        security: SECURITY.bearer,
        body: secondFactorConfirmSchema,
        response: { 200: recoveryCodesSchema, ...writeErrors },
      },
      onRequest: staffSettingUp,
    },
    (request) => secondFactor.confirm(request.currentUser!.id, request.body.code),
  );
}
