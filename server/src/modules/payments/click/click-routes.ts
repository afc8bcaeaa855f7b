import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CLICK_ERROR,
  clickAnswerSchema,
  clickCompleteSchema,
  clickPrepareSchema,
  type ClickAnswer,
} from './click-protocol.js';
import { clickFailure, type ClickService } from './click-service.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * `POST /api/payments/click/prepare` and `/complete`: Click's Shop API. Click posts a form (JSON
 * is read too) and reads every answer, errors included, as HTTP 200 JSON with its own codes. The
 * signature is checked before the order is looked at.
 */
export default async function clickRoutes(app: FastifyInstance, { service }: { service: ClickService }) {
  // The form parser belongs to these two routes only; duplicate keys keep the first value.
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string))
      if (!Object.hasOwn(fields, key)) fields[key] = value;
    done(null, fields);
  });
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const clientFault = error.statusCode !== undefined && error.statusCode < 500;
    if (!clientFault) request.log.error({ err: error }, 'Click call failed');
    return reply
      .status(200)
      .send(clickFailure({}, clientFault ? CLICK_ERROR.badRequest : CLICK_ERROR.failedToUpdate));
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const endpoint = <S extends typeof clickPrepareSchema | typeof clickCompleteSchema>(
    step: 'prepare' | 'complete',
    fieldsSchema: S,
    run: (fields: z.output<S>) => Promise<ClickAnswer>,
  ) =>
    routes.route({
      method: 'POST',
      url: `/payments/click/${step}`,
      // Fields are checked by the handler, so a bad request gets Click's -8 rather than an HTTP 400.
      validatorCompiler: () => (value) => ({ value }),
      schema: {
        summary: `Click Shop API: ${step} (called by Click)`,
        description:
          'Form-encoded fields as Click sends them, signed with `sign_string` (MD5, see the README). ' +
          'Every answer is HTTP 200 with Click error codes: 0 success, -1 sign check failed, -2 wrong amount, ' +
          '-3 action not found, -4 already paid, -5 order not found, -6 transaction not found, ' +
          '-7 the shop failed on its side, -8 bad request, -9 cancelled.',
        operationId: step === 'prepare' ? 'clickPrepare' : 'clickComplete',
        tags: ['payments'],
        security: [],
        consumes: [FORM, 'application/json'],
        body: fieldsSchema,
        response: { 200: clickAnswerSchema },
      },
      handler: async (request): Promise<ClickAnswer> => {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        const parsed = fieldsSchema.safeParse(raw);
        if (!parsed.success) return clickFailure(raw, CLICK_ERROR.badRequest);
        const fields = parsed.data as z.output<S>;
        if (!service.signatureValid(fields)) {
          request.log.warn(
            { provider: 'click', ip: request.ip, step },
            'Click call refused: sign check failed',
          );
          return clickFailure(raw, CLICK_ERROR.signFailed);
        }
        return run(fields);
      },
    });

  endpoint('prepare', clickPrepareSchema, (fields) => service.prepare(fields));
  endpoint('complete', clickCompleteSchema, (fields) => service.complete(fields));
}
