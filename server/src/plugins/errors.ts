import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import type { ErrorCode, ErrorResponse } from '@shop/common';

/** An error the client caused or may act on; everything else is a 500 with no details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: ErrorResponse['errors'],
  ) {
    super(message);
  }

  /** Seconds the client should wait before trying again, sent as `Retry-After` (a 429's). */
  retryAfterSeconds?: number;

  /** A word saying why, sent as `reason` for the client to translate (PROMO_CODE_INVALID's). */
  reason?: string;

  /** An outside provider's own words for a refusal (Uzum Nasiya's), shown as the provider wrote them. */
  providerReason?: string;
}

/** A 429 that says, in `Retry-After` and in words, when to try again. */
export function tooManyRequests(code: ErrorCode, message: string, waitMs: number): AppError {
  const error = new AppError(429, code, message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return error;
}

export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const forbidden = (message = 'You do not have permission to do this', code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

export function validationError(error: ZodError, message = 'Invalid input'): AppError {
  return new AppError(
    400,
    'VALIDATION_ERROR',
    message,
    error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

const DB_UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|terminating connection/i;

/** The database is gone, whether pg says so itself or through drizzle's wrapper (`cause`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string' && DB_UNAVAILABLE_CODES.has(current.code)) return true;
    if (typeof current.message === 'string' && DB_UNAVAILABLE_MESSAGE.test(current.message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** PostgreSQL class 22, "data exception": a value the database cannot hold, such as a NUL character. */
function isDataException(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  const code = candidate.code ?? candidate.cause?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

const CODE_BY_FASTIFY_CODE: Record<string, ErrorCode> = {
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
  FST_PARTS_LIMIT: 'TOO_MANY_FILES',
};

/** What a 413 says: the body's limit on this route, in KB, so a client knows what fits. */
function tooLargeMessage(error: FastifyError, request: FastifyRequest): string {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The upload is too large';
  const limit = request.routeOptions.bodyLimit;
  return limit
    ? `The request body is too large: at most ${Math.floor(limit / 1024)} KB`
    : 'The request body is too large';
}

function toResponse(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): { status: number; body: ErrorResponse } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.reason ? { reason: error.reason } : {}),
        ...(error.providerReason ? { providerReason: error.providerReason } : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      body: {
        message: `Invalid ${error.validationContext ?? 'input'}`,
        code: 'VALIDATION_ERROR',
        errors: error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: issue.message ?? 'Invalid value',
        })),
      },
    };
  }
  if (isDataException(error)) {
    return {
      status: 400,
      body: {
        message: 'The input holds characters or values that cannot be stored',
        code: 'VALIDATION_ERROR',
      },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        message: 'The database is unavailable. Please try again shortly.',
        code: 'DATABASE_UNAVAILABLE',
      },
    };
  }
  const status = (error as FastifyError).statusCode;
  if (!isResponseSerializationError(error) && status && status >= 400 && status < 500) {
    const code =
      CODE_BY_FASTIFY_CODE[(error as FastifyError).code] ?? CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    const message = status === 413 ? tooLargeMessage(error as FastifyError, request) : error.message;
    return { status, body: { message, code } };
  }
  return { status: 500, body: { message: 'Something went wrong on our side', code: 'INTERNAL_ERROR' } };
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = toResponse(error, request);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, status }, body.message);
      if (error instanceof AppError && error.retryAfterSeconds) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);

/**
 * A URL the router cannot read (bad percent-encoding, an absurdly long id) is answered before any
 * hook runs: give it the shop's error shape and the headers the security plugin would have set.
 */
export function answerUnreadableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode === 414 ? 414 : 400;
  return reply
    .status(status)
    .headers({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    })
    .send({
      message: status === 414 ? 'The address is too long' : 'The address is not a valid URL',
      code: 'VALIDATION_ERROR',
    } satisfies ErrorResponse);
}
