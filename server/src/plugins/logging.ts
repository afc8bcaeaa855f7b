import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';

type LoggerOptions = NonNullable<FastifyServerOptions['logger']>;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** An error as logged: type, message, code, stack frames and cause, and no other field. */
function serializeError(error: Error): LoggedError {
  // drizzle repeats a failed query's parameters (a password hash among them) in its message, and a
  // database error's `detail` holds the failing row: neither may reach the log.
  const message = error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
    ...(code !== undefined && { code }),
    ...(error.cause instanceof Error && { cause: serializeError(error.cause) }),
  };
}

/** The fields Fastify logs of a request by default. */
const requestFields = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * A shopper's phone in an order lookup's path is personal data that the log does not need; an
 * order key (`?key=`, on the order's read and its confirmation page) opens the order.
 */
const withoutPersonalParts = (url: string) =>
  url.replace(/(\/orders\/customer\/)[^/?#]+/, '$1[phone]').replace(/([?&]key=)[^&#]*/g, '$1[key]');

/**
 * Log lines never carry a password, a hash or a token, whatever a handler or a plugin logs, nor
 * the phone of an order lookup or an order's key.
 */
export function withoutSecrets(logger: LoggerOptions): LoggerOptions {
  if (typeof logger === 'boolean') return logger && withoutSecrets({});
  return {
    ...logger,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash'],
      censor: '[redacted]',
    },
    serializers: {
      ...logger.serializers,
      err: serializeError,
      req: (request: FastifyRequest) => {
        const fields = (logger.serializers?.req ?? requestFields)(request) as Record<string, unknown>;
        return typeof fields.url === 'string' ? { ...fields, url: withoutPersonalParts(fields.url) } : fields;
      },
    },
  };
}
