import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  idParamsSchema,
  placedOrderSchema,
  priceQuotePageSchema,
  priceQuoteSchema,
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteCreatedSchema,
  quoteKeyQuerySchema,
  quoteListQuerySchema,
  quotePatchSchema,
} from '@shop/common';
import { recordedConsent } from '../../plugins/consent.js';
import { SECURITY, STAFF_ERRORS, errorResponses } from '../../plugins/route-docs.js';
import type { QuoteService } from './quote-service.js';

type QuoteRoutesOptions = {
  service: QuoteService;
  requestsPerMinute: number;
  /** The privacy text in force (its version), which a request agrees to. */
  consentVersion: string;
};

/** Bulk price requests: the buyer asks and accepts, staff list and answer. */
export default async function quoteRoutes(app: FastifyInstance, options: QuoteRoutesOptions) {
  buyerQuoteRoutes(app, options);
  quoteAnswerRoutes(app, options);
}

/** The buyer asks for a price; staff list the requests. */
function buyerQuoteRoutes(
  app: FastifyInstance,
  { service, requestsPerMinute, consentVersion }: QuoteRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.post(
    '/quotes',
    {
      schema: {
        summary: 'Ask the shop for a price: products, colours and quantities (which may exceed the stock)',
        description:
          'Answers `{_id, key}`; the key opens the quote at `/quote/{id}?key=…` and is sent again by SMS when ' +
          'staff answer. A product no longer on sale or a colour it lacks is a 409 on its line. At most 5 requests ' +
          'an hour from one client address, and 3 open (not answered, or answered and still valid) per phone: ' +
          '429 QUOTE_LIMIT with Retry-After.',
        operationId: 'requestQuote',
        tags: ['quotes'],
        security: SECURITY.public,
        body: quoteCreateSchema,
        response: { 201: quoteCreatedSchema, ...errorResponses(400, 409, 413, 429) },
      },
      config: { rateLimit: { max: requestsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.create(
            request.body,
            request.ip,
            recordedConsent(request.body, consentVersion, request.ip),
          ),
        ),
  );

  routes.get(
    '/quotes',
    {
      schema: {
        summary: 'Price requests for the back office, newest first, by status',
        operationId: 'listQuotes',
        tags: ['quotes'],
        security: SECURITY.bearer,
        querystring: quoteListQuerySchema,
        response: { 200: priceQuotePageSchema, ...errorResponses(...STAFF_ERRORS) },
      },
      onRequest: staffOnly,
    },
    (request) => service.list(request.query),
  );
}

/** One request: read it, answer it, accept it into an order. */
function quoteAnswerRoutes(app: FastifyInstance, { service, requestsPerMinute }: QuoteRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole(STAFF_ROLES);

  routes.get(
    '/quotes/:id',
    {
      schema: {
        summary: 'One price request, for whoever holds its key, and staff',
        description: 'Without the key (or with a wrong one) the answer is 404, as for no quote.',
        operationId: 'getQuote',
        tags: ['quotes'],
        security: SECURITY.optional,
        params: idParamsSchema,
        querystring: quoteKeyQuerySchema,
        response: { 200: priceQuoteSchema, ...errorResponses(400, 404) },
      },
      onRequest: app.identify,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(request.params.id, request.query.key, request.currentUser);
    },
  );

  routes.patch(
    '/quotes/:id',
    {
      schema: {
        summary: 'Answer a price request: a unit price per line, the last day it holds, a note',
        description:
          "One price per line, in the quote's line order (400 naming `lines` otherwise); 409 QUOTE_ACCEPTED " +
          'once accepted. The buyer gets an SMS with the link (through the SMS outbox). The audit log keeps the ' +
          'old and new prices (entity `quote`).',
        operationId: 'answerQuote',
        tags: ['quotes'],
        security: SECURITY.bearer,
        params: idParamsSchema,
        body: quotePatchSchema,
        response: { 200: priceQuoteSchema, ...errorResponses(...STAFF_ERRORS, 409) },
      },
      onRequest: staffOnly,
    },
    (request) => service.answer(request.params.id, request.body, request.currentUser!),
  );

  routes.post(
    '/quotes/:id/accept',
    {
      schema: {
        summary: 'Accept an answered quote: an order is placed at the quoted prices, the stock checked now',
        description:
          '`key` (or staff). 409 QUOTE_NOT_ANSWERED before staff answered, QUOTE_EXPIRED after its last day, ' +
          'QUOTE_ACCEPTED when already accepted, OUT_OF_STOCK when the stock no longer holds the quantities. ' +
          'The answer is the placed order with its `orderKey`.',
        operationId: 'acceptQuote',
        tags: ['quotes', 'orders'],
        security: SECURITY.optional,
        params: idParamsSchema,
        body: quoteAcceptSchema,
        response: { 201: placedOrderSchema, ...errorResponses(400, 404, 409, 429) },
      },
      onRequest: app.identify,
      config: { rateLimit: { max: requestsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.accept(request.params.id, request.body, request.currentUser)),
  );
}
