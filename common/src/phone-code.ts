// The SMS code's rules apart from its wire schemas (schemas/phone-code.ts): the forms that show a
// code field do not load zod with them (first-load budget, decision 027).

/** What an SMS code is for; a code of one purpose never serves another. */
export const PHONE_CODE_PURPOSES = ['signup', 'reset', 'orders', 'account'] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/** The code's rules, as NIST SP 800-63B and OWASP ASVS V2.7 ask of an out-of-band secret. */
export const PHONE_CODE = {
  digits: 6,
  /** Seconds a code is valid after it is sent. */
  expiresInSeconds: 300,
  /** Seconds before another code for the same phone and purpose may be asked for. */
  cooldownSeconds: 60,
  /** Wrong tries that void a code. */
  maxAttempts: 5,
  /** Minutes an `orders` code keeps opening the lookup after its first good check. */
  ordersSessionMinutes: 30,
} as const;

/** The header that carries an `orders` code with an order lookup. */
export const PHONE_CODE_HEADER = 'x-phone-code';
