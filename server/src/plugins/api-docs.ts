import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The API's OpenAPI document, and its page at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Furniture shop API', version: '1.0.0' },
      servers: [{ url: '/', description: 'The shop that serves this document' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          paymeBasic: { type: 'http', scheme: 'basic', description: 'Payme: `Paycom:<PAYME_SECRET_KEY>`' },
          onecBasic: {
            type: 'http',
            scheme: 'basic',
            description: '1C:Enterprise: `ONEC_USER:ONEC_PASSWORD`',
          },
          telegramSecret: { type: 'apiKey', in: 'header', name: 'X-Telegram-Bot-Api-Secret-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The docs page keeps the shop's own CSP (its scripts and styles are all same-origin files):
  // swagger-ui's staticCSP would allow framing by the same origin and upgrade requests to https.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
