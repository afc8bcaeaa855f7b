import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletionSchema,
  personalDataSchema,
  privacyDocumentSchema,
  type PrivacyDocument,
} from '@shop/common';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { PersonalDataService } from './personal-data.js';

const tags = ['privacy'];

/**
 * The privacy text a form shows before it asks for consent, and a customer's own data: downloaded,
 * or removed with the account. Staff accounts get 403 on the last two: an admin removes them.
 */
export default async function privacyRoutes(
  app: FastifyInstance,
  { service, document }: { service: PersonalDataService; document: PrivacyDocument },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const customerOnly = app.requireRole(['customer']);

  routes.get(
    '/privacy',
    {
      schema: {
        summary: 'The privacy text in every language, built from the shop settings, and its version',
        description: 'Forms that ask for consent show it and send its `version` back as `consentVersion`.',
        operationId: 'getPrivacy',
        tags,
        security: SECURITY.public,
        response: { 200: privacyDocumentSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return document;
    },
  );

  routes.get(
    '/me/data',
    {
      schema: {
        summary: 'Everything the shop keeps about the signed-in customer, as a JSON file',
        operationId: 'exportMyData',
        tags,
        security: SECURITY.bearer,
        response: { 200: personalDataSchema, ...errorResponses(401, 403) },
      },
      onRequest: customerOnly,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', 'attachment; filename="my-data.json"');
      return service.dataOf(request.currentUser!.id);
    },
  );

  routes.delete(
    '/me',
    {
      schema: {
        summary: 'Delete the signed-in customer account with an SMS code (purpose account)',
        description:
          'Orders stay for accounting with the name, phone, address and Telegram link replaced by ' +
          '"deleted"; company invoices keep the company requisites. A wrong code is 400 PHONE_CODE_INVALID.',
        operationId: 'deleteMyAccount',
        tags,
        security: SECURITY.bearer,
        body: accountDeletionSchema,
        response: {
          204: z.undefined().describe('Deleted; the token no longer works'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      onRequest: customerOnly,
    },
    async (request, reply) => {
      await service.deleteAccount(request.currentUser!.id, request.body.code);
      return reply.status(204).send();
    },
  );
}
