import { PHONE_CODE_HEADER } from '@shop/common';

/*
 * The SMS code that proved the buyer's phone at checkout's instalment check. The server takes it
 * again for 30 minutes, so the contract made after the order is placed (on the confirmation page)
 * sends the same code: the buyer types one code, not two. Kept for this tab only.
 */

const KEY = 'instalment-phone-code';

export function rememberPhoneCode(code: string): void {
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): the contract then asks to check again.
  }
}

/** The header that carries the remembered code, or none. */
export function phoneCodeHeaders(code = recalled()): Record<string, string> {
  return code ? { [PHONE_CODE_HEADER]: code } : {};
}

function recalled(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
