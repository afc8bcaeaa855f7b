import { errorResponseSchema } from '@shop/common';

/** The statuses the error handler answers with the shop's error shape. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;

/** The OpenAPI error answers of a route, all in the one error shape: `errorResponses(400, 404)`. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** What a staff route answers before its handler runs: a bad body, no token, a role it lacks, a missing row. */
export const STAFF_ERRORS = [400, 401, 403, 404] as const;

/** OpenAPI `security` of a route: open to all, a bearer token required, or a token that only adds. */
export const SECURITY = {
  public: [] as Record<string, string[]>[],
  bearer: [{ bearer: [] }] as Record<string, string[]>[],
  /** Open to guests; a token opens more (staff: paused and deleted products; an order's owner: the order). */
  optional: [{}, { bearer: [] }] as Record<string, string[]>[],
};
