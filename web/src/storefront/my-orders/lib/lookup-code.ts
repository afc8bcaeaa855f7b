/**
 * The code that opened a phone's orders, kept for this tab only: the server accepts it for 30
 * minutes, so a reload shows the orders again without a new SMS.
 */
const KEY = 'portfolioCode';

export function readLookupCode(phone: string): string | undefined {
  try {
    const saved = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? 'null') as {
      phone?: string;
      code?: string;
    } | null;
    return saved?.phone === phone ? saved.code : undefined;
  } catch {
    return undefined;
  }
}

export function writeLookupCode(value: { phone: string; code: string } | null): void {
  try {
    if (value) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(value));
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Storage blocked: the code is asked for again after a reload.
  }
}
