import { ERROR_CODES, type ErrorCode } from '@shop/common';
import type { Translate } from './translate';

/** The stable `code` of a server error (`{message, code, errors?}`), when there is one. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== 'object' || !('code' in data)) return undefined;
  const code = (data as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The `reason` word of an error that has one (PROMO_CODE_INVALID's). */
export function apiErrorReason(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data as { reason?: unknown } | null;
  return typeof data?.reason === 'string' ? data.reason : undefined;
}

/** An outside provider's own words for its refusal (Uzum Nasiya's), shown as it wrote them. */
export function apiProviderReason(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data as { providerReason?: unknown } | null;
  return typeof data?.providerReason === 'string' && data.providerReason ? data.providerReason : undefined;
}

/** Field errors of a 400 VALIDATION_ERROR answer. */
export function apiFieldErrors(error: unknown): { path: string; message: string }[] {
  if (!error || typeof error !== 'object' || !('data' in error)) return [];
  const data = (error as { data: unknown }).data as { errors?: unknown } | null;
  return Array.isArray(data?.errors) ? (data.errors as { path: string; message: string }[]) : [];
}

export const isErrorCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && (ERROR_CODES as readonly string[]).includes(code);

/** The words of each server error code; every code has them (a missing one fails the typecheck). */
export type ErrorCodeKey = `common:errors.${ErrorCode}`;

/**
 * Server errors are shown through their code (docs/decisions/007), never as the server's English text.
 * `t` is the caller's own: its namespaces must hold `fallbackKey` and `common`.
 */
export function apiErrorMessage<K extends string>(
  error: unknown,
  t: Translate<NoInfer<K> | ErrorCodeKey>,
  fallbackKey: K,
): string {
  const code = apiErrorCode(error);
  return isErrorCode(code) ? t(`common:errors.${code}`) : t(fallbackKey);
}
