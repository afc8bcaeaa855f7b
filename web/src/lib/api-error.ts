import type { TFunction } from 'i18next';
import { ERROR_CODES } from '@shop/common';

/** The stable `code` of a server error (`{message, code, errors?}`), when there is one. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== 'object' || !('code' in data)) return undefined;
  const code = (data as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Field errors of a 400 VALIDATION_ERROR answer. */
export function apiFieldErrors(error: unknown): { path: string; message: string }[] {
  if (!error || typeof error !== 'object' || !('data' in error)) return [];
  const data = (error as { data: unknown }).data as { errors?: unknown } | null;
  return Array.isArray(data?.errors) ? (data.errors as { path: string; message: string }[]) : [];
}

/** Server errors are shown through their code (docs/decisions/007), never as the server's English text. */
export function apiErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  const code = apiErrorCode(error);
  if (code && (ERROR_CODES as readonly string[]).includes(code)) return t(`common:errors.${code}`);
  return t(fallbackKey);
}
