import { dictionary } from '@zxcvbn-ts/language-common';

/** The fewest characters a staff password (admin, manager, ceo) may have. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
const COMMON_COUNT = 10_000;

let common: Set<string> | undefined;

/**
 * The 10 000 most common passwords of zxcvbn's published list (ranked by frequency in breaches),
 * read once, lower-cased as the list is: "Password1234" is as guessable as "password1234".
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_COUNT));
  return common;
}

/** Why a staff password is refused, in the server's words; undefined when it is strong enough. */
export function staffPasswordProblem(password: string): string | undefined {
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH)
    return `Staff passwords need at least ${STAFF_PASSWORD_MIN_LENGTH} characters`;
  if (commonPasswords().has(password.toLowerCase()))
    return 'This password is among the 10 000 most common passwords; choose another';
  return undefined;
}
