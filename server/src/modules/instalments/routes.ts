import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  instalmentBuyerSchema,
  instalmentCheckSchema,
  instalmentCodeBodySchema,
  instalmentConfirmResultSchema,
  instalmentContractBodySchema,
  instalmentContractSchema,
  instalmentOfferQuerySchema,
  instalmentOfferSchema,
  instalmentTermsSchema,
  PHONE_CODE_HEADER,
  phoneCodeHeadersSchema,
  shopperOrderQuerySchema,
} from '@shop/common';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { LookupAccess } from '../phone-codes/lookup-access.js';
import type { InstalmentService } from './instalment-service.js';

const UNAVAILABLE =
  'Uzum Nasiya down, slow (every call gives up after 8 s) or rate-limiting the shop: 503 INSTALMENTS_UNAVAILABLE. ' +
  'Instalments off (no UZUM_NASIYA_TOKEN): 404.';
const ORDER_ACCESS =
  'A guest sends `key` (the `orderKey` placing the order answered with); the signed-in owner and staff need none. ' +
  'Without access the answer is 404 as for no order.';
const PHONE_PROOF =
  'The phone must be proven: `X-Phone-Code` (an SMS code of purpose `orders`) or a signed-in customer ' +
  'whose verified phone it is; else 401 PHONE_CODE_REQUIRED.';

/** What every route about one order takes: its id, and the shopper's key when not signed in. */
const orderRoute = {
  params: idParamsSchema,
  querystring: shopperOrderQuerySchema,
  security: SECURITY.optional,
};

type InstalmentRoutesOptions = {
  service: InstalmentService;
  checksPerMinute: number;
  /** A contract is credit in the phone owner's name: only they may check or sign it. */
  phoneProof: LookupAccess;
};

/** The monthly price the storefront advertises, and checkout's path through an Uzum Nasiya contract. */
export default async function instalmentRoutes(app: FastifyInstance, options: InstalmentRoutesOptions) {
  instalmentOfferRoutes(app, options);
  orderInstalmentRoutes(app, options);
}

/** What the storefront advertises, and whether a buyer may take a contract. */
function instalmentOfferRoutes(
  app: FastifyInstance,
  { service, checksPerMinute, phoneProof }: InstalmentRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const perAddress = { rateLimit: { max: checksPerMinute, timeWindow: 60_000 } };

  routes.get(
    '/instalments/terms',
    {
      schema: {
        summary: "The shop's advertised instalment terms (months and markup), for every card's monthly price",
        description: 'From `INSTALMENT_PLANS`; no plans when instalments are off.',
        operationId: 'getInstalmentTerms',
        tags: ['instalments'],
        security: SECURITY.public,
        response: { 200: instalmentTermsSchema },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.terms();
    },
  );

  routes.get(
    '/instalments/offer',
    {
      schema: {
        summary: 'The advertised monthly payment, total and overpayment of an amount, per term',
        description:
          "Monthly rounded up to a whole so'm; total = monthly × months. 404 when instalments are off.",
        operationId: 'getInstalmentOffer',
        tags: ['instalments'],
        security: SECURITY.public,
        querystring: instalmentOfferQuerySchema,
        response: { 200: instalmentOfferSchema, ...errorResponses(400, 404) },
      },
    },
    (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.offer(request.query.amount);
    },
  );

  routes.post(
    '/instalments/check',
    {
      schema: {
        summary: 'Can this buyer pay monthly? Their status at Uzum Nasiya by phone, and their own plans',
        description: `Before the order is placed. ${PHONE_PROOF} ${UNAVAILABLE}`,
        operationId: 'checkInstalmentBuyer',
        tags: ['instalments'],
        security: SECURITY.optional,
        headers: phoneCodeHeadersSchema,
        body: instalmentCheckSchema,
        response: { 200: instalmentBuyerSchema, ...errorResponses(400, 401, 404, 413, 429, 503) },
      },
      onRequest: app.identify,
      config: perAddress,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { phoneNumber, amount } = request.body;
      return service.checkBuyer(phoneNumber, amount, () =>
        phoneProof(phoneNumber, request.headers[PHONE_CODE_HEADER], request.currentUser),
      );
    },
  );
}

/** An order's contract: open it, send and confirm the buyer's code. */
function orderInstalmentRoutes(
  app: FastifyInstance,
  { service, checksPerMinute, phoneProof }: InstalmentRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const perAddress = { rateLimit: { max: checksPerMinute, timeWindow: 60_000 } };

  routes.post(
    '/orders/:id/instalment',
    {
      schema: {
        summary: "Make the order's Uzum Nasiya contract for the months chosen; Uzum texts the buyer a code",
        description:
          `The order must be an open \`uzum_nasiya\` order not yet paid; its payment becomes \`pending\`. ` +
          `A contract made before for the order is given up (cancelled at Uzum by the sweep). ${ORDER_ACCESS} ` +
          `${PHONE_PROOF.replace('The phone', "The order's phone")} ` +
          `Buyer not verified at Uzum: 409 INSTALMENT_REFUSED; a term not offered: 400. ${UNAVAILABLE}`,
        operationId: 'createInstalmentContract',
        tags: ['instalments'],
        ...orderRoute,
        headers: phoneCodeHeadersSchema,
        body: instalmentContractBodySchema,
        response: { 201: instalmentContractSchema, ...errorResponses(400, 401, 404, 409, 413, 429, 503) },
      },
      onRequest: app.identify,
      config: perAddress,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createContract(
            request.params.id,
            { key: request.query.key, user: request.currentUser },
            request.body.months,
            (phone) => phoneProof(phone, request.headers[PHONE_CODE_HEADER], request.currentUser),
          ),
        ),
  );

  routes.post(
    '/orders/:id/instalment/code',
    {
      schema: {
        summary: 'Have Uzum Nasiya send the contract code again',
        description: `${ORDER_ACCESS} No contract waiting for a code: 409. ${UNAVAILABLE}`,
        operationId: 'resendInstalmentCode',
        tags: ['instalments'],
        ...orderRoute,
        response: { 204: z.undefined().describe('Sent'), ...errorResponses(400, 404, 409, 429, 503) },
      },
      onRequest: app.identify,
      config: perAddress,
    },
    async (request, reply) => {
      await service.resendCode(request.params.id, { key: request.query.key, user: request.currentUser });
      return reply.status(204).send();
    },
  );

  routes.post(
    '/orders/:id/instalment/confirm',
    {
      schema: {
        summary: 'Sign the contract with the SMS code: Uzum Nasiya activates it and the order is paid',
        description:
          `Wrong code: 400 INSTALMENT_CODE_WRONG. \`pending\`: the code was right and Uzum did not answer the ` +
          `confirm yet, or the code was taken before (a reload, a second tab); the payment sweep finishes it (the ` +
          `order page shows when it is paid). ${ORDER_ACCESS} ` +
          `${UNAVAILABLE}`,
        operationId: 'confirmInstalmentContract',
        tags: ['instalments'],
        ...orderRoute,
        body: instalmentCodeBodySchema,
        response: { 200: instalmentConfirmResultSchema, ...errorResponses(400, 404, 409, 413, 429, 503) },
      },
      onRequest: app.identify,
      config: perAddress,
    },
    async (request) =>
      service.confirm(
        request.params.id,
        { key: request.query.key, user: request.currentUser },
        request.body.code,
      ),
  );
}
