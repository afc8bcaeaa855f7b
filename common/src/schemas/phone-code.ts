import { z } from 'zod';
import { phoneField } from './phone.js';
import { passwordField } from './user.js';
import { PHONE_CODE_HEADER, PHONE_CODE_PURPOSES } from '../phone-code.js';

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
