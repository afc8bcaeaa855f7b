import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_ADMIN_ROLES,
  eskizStatusSchema,
  smsMessagePageSchema,
  smsMessageQuerySchema,
} from '@shop/common';
import { AppError } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import type { SmsMessages } from './sms-messages.js';

const FORM = 'application/x-www-form-urlencoded';

export default async function smsRoutes(app: FastifyInstance, { messages }: { messages: SmsMessages }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Eskiz may post its report as a form; the parser belongs to these routes only.
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  routes.get(
    '/sms/messages',
    {
      schema: {
        summary: 'The SMS the shop sent or tried to, newest first, with each one’s status and reason',
        description: 'Phones are masked but for their last 4 digits; the texts (codes) are never shown.',
        operationId: 'listSmsMessages',
        tags: ['sms'],
        security: SECURITY.bearer,
        querystring: smsMessageQuerySchema,
        response: { 200: smsMessagePageSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: app.requireRole(USER_ADMIN_ROLES),
    },
    (request) => messages.list(request.query),
  );

  routes.post(
    '/sms/eskiz/status/:secret',
    {
      schema: {
        summary: 'Eskiz delivery report (called by Eskiz at the callback_url the shop sends)',
        description:
          'The address ends with SMS_CALLBACK_SECRET; any other is answered 404. DELIVRD marks the ' +
          'message delivered; UNDELIV, REJECTD and EXPIRED mark it failed; other statuses change nothing.',
        operationId: 'eskizDeliveryReport',
        tags: ['sms'],
        security: SECURITY.public,
        params: z.object({ secret: z.string().max(200) }),
        body: eskizStatusSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      if (!messages.secretMatches(request.params.secret)) throw new AppError(404, 'NOT_FOUND', 'Not found');
      await messages.report(request.body);
      return { ok: true as const };
    },
  );
}
