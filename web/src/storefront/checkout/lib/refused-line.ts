import { apiFieldErrors } from '../../../lib/api-error';

/** The cart line (0-based) a refused order names in `errors[].path` (`items.N…`), if any. */
export function refusedLine(error: unknown): number | null {
  for (const { path } of apiFieldErrors(error)) {
    const match = /^items\.(\d+)(\.|$)/.exec(path);
    if (match) return Number(match[1]);
  }
  return null;
}

export const isConflict = (error: unknown): boolean =>
  !!error && typeof error === 'object' && (error as { status?: unknown }).status === 409;
