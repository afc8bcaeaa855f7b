import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAYME_ERROR,
  PAYME_PARAMS,
  PaymeError,
  isPaymeMethod,
  paymeAnswerSchema,
  paymeRequestSchema,
  type PaymeAnswer,
  type PaymeErrorCode,
} from './payme-protocol.js';
import type { PaymeService } from './payme-service.js';

type RequestId = number | string | null;

const errorAnswer = (id: RequestId, error: PaymeError): PaymeAnswer => ({
  jsonrpc: '2.0',
  id,
  error: error.toJson(),
});
const failure = (id: RequestId, code: PaymeErrorCode) => errorAnswer(id, new PaymeError(code));

/** The request's id, read as far as the body allows, so even a refusal answers the call it refuses. */
function idOf(body: unknown): RequestId {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= 100) ? id : null;
}

function parse(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(typeof raw === 'string' ? raw : '') };
  } catch {
    return { ok: false };
  }
}

/**
 * `POST /api/payments/payme`: Payme's Merchant API. Every answer is HTTP 200 with a JSON-RPC body,
 * errors included, as Payme requires; the credentials are checked before anything is read or done.
 */
export default async function paymeRoutes(app: FastifyInstance, { service }: { service: PaymeService }) {
  // This scope reads the body itself: unparsable JSON is Payme error -32700, not an HTTP 400.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const clientFault = error.statusCode !== undefined && error.statusCode < 500;
    if (!clientFault) request.log.error({ err: error }, 'Payme call failed');
    return reply.status(200).send(failure(null, clientFault ? PAYME_ERROR.badRequest : PAYME_ERROR.system));
  });

  const refuse = (request: FastifyRequest, id: RequestId) => {
    request.log.warn({ provider: 'payme', ip: request.ip }, 'Payme call refused: wrong credentials');
    return failure(id, PAYME_ERROR.badCredentials);
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    method: 'POST',
    url: '/payments/payme',
    // The body is validated by the handler, so that a bad one gets Payme's error, not a 400.
    validatorCompiler: () => (value) => ({ value }),
    schema: {
      summary: 'Payme Merchant API (called by Payme)',
      description:
        'JSON-RPC 2.0: CheckPerformTransaction, CreateTransaction, PerformTransaction, CancelTransaction, ' +
        'CheckTransaction, GetStatement, SetFiscalData, ChangePassword. Basic auth `Paycom:<PAYME_SECRET_KEY>`. Every answer is HTTP 200; ' +
        'errors are JSON-RPC errors with Payme codes and messages in uz, ru and en.',
      operationId: 'paymeMerchantApi',
      tags: ['payments'],
      security: [{ paymeBasic: [] }],
      body: paymeRequestSchema,
      response: { 200: paymeAnswerSchema },
    },
    handler: async (request): Promise<PaymeAnswer> => {
      const parsed = parse(request.body);
      const id = parsed.ok ? idOf(parsed.value) : null;
      if (!(await service.authorized(request.headers.authorization))) return refuse(request, id);
      if (!parsed.ok) return failure(null, PAYME_ERROR.unparsable);
      const envelope = paymeRequestSchema.safeParse(parsed.value);
      if (!envelope.success) return failure(id, PAYME_ERROR.badRequest);
      const { method, params } = envelope.data;
      if (!isPaymeMethod(method)) return failure(id, PAYME_ERROR.unknownMethod);
      const checked = PAYME_PARAMS[method].safeParse(params);
      if (!checked.success) return failure(id, PAYME_ERROR.badRequest);
      try {
        return { jsonrpc: '2.0', id, result: await service.run(method, checked.data) };
      } catch (error) {
        if (error instanceof PaymeError) return errorAnswer(id, error);
        request.log.error({ err: error, method }, 'Payme call failed');
        return failure(id, PAYME_ERROR.system);
      }
    },
  });

  // Payme calls with POST only; anything else is its error -32300, still as HTTP 200.
  routes.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: '/payments/payme',
    schema: { hide: true, response: { 200: paymeAnswerSchema } },
    handler: async (request: FastifyRequest, _reply: FastifyReply): Promise<PaymeAnswer> =>
      (await service.authorized(request.headers.authorization))
        ? failure(null, PAYME_ERROR.notPost)
        : refuse(request, null),
  });
}
