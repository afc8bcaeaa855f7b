import { z } from 'zod';
import { phoneField } from './phone.js';
import { passwordField } from './user.js';

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

export const phoneCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const phoneCodeRequestSchema = z.object({
  phoneNumber: phoneField,
  purpose: z.enum(PHONE_CODE_PURPOSES),
  /** An `orders` code for checkout's instalment check, asked before the phone has any order. */
  forInstalments: z.boolean().optional(),
});
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

export const phoneCodeSentSchema = z.object({
  expiresIn: z.number().int(),
  retryAfter: z.number().int(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const passwordResetSchema = z.object({
  phoneNumber: phoneField,
  code: phoneCodeField,
  password: passwordField,
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const phoneCodeHeadersSchema = z.object({
  [PHONE_CODE_HEADER]: z.string().trim().max(20).optional(),
});
