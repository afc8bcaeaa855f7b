import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PHONE_CODE, phoneCodeRequestSchema, phoneCodeSentSchema } from '@shop/common';
import { AppError } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import { pageLanguage } from '../pages/page-language.js';
import type { PhoneCodeService } from './phone-code-service.js';

export default async function phoneCodeRoutes(
  app: FastifyInstance,
  { service }: { service: PhoneCodeService },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/auth/codes',
    {
      schema: {
        summary: 'Send a one-time SMS code to a phone, for signing up, resetting a password or order lookup',
        description:
          'Answers 202 alike whether or not the phone has an account. A `reset` code is sent only to a phone ' +
          'with an account, an `orders` code only to one with an account or an order (or with `forInstalments`, ' +
          "checkout's instalment check); for another phone nothing is sent or counted. One code per phone and " +
          'purpose a minute (429 with Retry-After); an hour, at most 5 per phone from one client address, 10 per ' +
          'phone and 20 per client address.',
        operationId: 'sendPhoneCode',
        tags: ['auth'],
        security: SECURITY.public,
        body: phoneCodeRequestSchema,
        response: { 202: phoneCodeSentSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { phoneNumber, purpose, forInstalments } = request.body;
      const wait = await service.request(
        phoneNumber,
        purpose,
        request.ip,
        pageLanguage(request),
        forInstalments,
      );
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(429, 'RATE_LIMITED', `Too many codes asked for. Try again in ${wait} s.`);
      }
      return reply
        .status(202)
        .send({ expiresIn: PHONE_CODE.expiresInSeconds, retryAfter: PHONE_CODE.cooldownSeconds });
    },
  );
}
