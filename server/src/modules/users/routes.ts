import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  USER_ADMIN_ROLES,
  errorResponseSchema,
  idParamsSchema,
  messageSchema,
  userCreateSchema,
  userListQuerySchema,
  userPageSchema,
  userUpdateSchema,
  userWriteResponseSchema,
} from '@shop/common';
import type { UserService } from './user-service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export default async function userRoutes(app: FastifyInstance, { service }: { service: UserService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);
  const userAdminsOnly = app.requireRole(USER_ADMIN_ROLES);

  routes.get(
    '/users',
    {
      schema: {
        tags: ['users'],
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
        tags: ['users'],
        body: userCreateSchema,
        response: { 201: userWriteResponseSchema, ...errors, 409: errorResponseSchema },
      },
      onRequest: userAdminsOnly,
    },
    async (request, reply) => reply.status(201).send({ user: await service.create(request.body) }),
  );

  routes.patch(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: userWriteResponseSchema, ...errors, 409: errorResponseSchema },
      },
      onRequest: userAdminsOnly,
    },
    async (request) => ({
      user: await service.update(request.currentUser!.id, request.params.id, request.body),
    }),
  );

  routes.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors, 409: errorResponseSchema },
      },
      onRequest: userAdminsOnly,
    },
    async (request) => {
      await service.remove(request.currentUser!.id, request.params.id);
      return { message: 'User deleted successfully' };
    },
  );
}
