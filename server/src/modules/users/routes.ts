import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  USER_ADMIN_ROLES,
  idParamsSchema,
  messageSchema,
  userCreateSchema,
  userListQuerySchema,
  userPageSchema,
  userUpdateSchema,
  userWriteResponseSchema,
} from '@shop/common';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { UserService } from './user-service.js';

const errors = errorResponses(...STAFF_ERRORS);
const writeErrors = errorResponses(...STAFF_ERRORS, 409);

export default async function userRoutes(app: FastifyInstance, { service }: { service: UserService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);
  const userAdminsOnly = app.requireRole(USER_ADMIN_ROLES);

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
