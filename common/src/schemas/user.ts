import { z } from 'zod';
import { LIMITS, ROLES, STAFF_ROLES } from '../constants.js';
import { pageQuerySchema, pagedSchema } from './common.js';
import { phoneField } from './phone.js';
import { consentInputShape, consentSchema } from './privacy.js';

export const passwordField = z
  .string()
  // A blank password is "required" rather than "too short" in the forms that use this schema.
  .min(1, 'Password is required')
  .min(LIMITS.minPasswordLength, 'Password must be at least 6 characters long')
  .max(LIMITS.maxPasswordLength);

export const fullNameField = z.string().trim().min(1, 'Name is required').max(100);

export const userSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  role: z.enum(ROLES),
  /** The phone was proven by an SMS code. */
  phoneVerified: z.boolean(),
  /** The privacy text agreed to at sign-up, and when; null for an account made without it. */
  consent: consentSchema.nullable().optional(),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
export const userPageSchema = pagedSchema(userSchema);

/**
 * The login response also carries `name`, the same as `fullName`: clients written for the first
 * API read the user's name there (decision 003).
 */
export const sessionUserSchema = userSchema.extend({ name: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginSchema = z.object({
  phoneNumber: phoneField,
  password: z.string().min(1, 'Password is required').max(LIMITS.maxPasswordLength),
  /**
   * A staff member's second factor: the authenticator's 6-digit code or a recovery code. Optional,
   * so clients that send only phone and password keep working; blank counts as absent.
   */
  code: z.string().trim().max(32, 'The code is too long').optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpSchema = z.object({
  fullName: fullNameField,
  phoneNumber: phoneField,
  password: passwordField,
  /** The SMS code sent for `signup`; required unless the shop turned verification off. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits')
    .optional(),
  ...consentInputShape,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  role: z.enum([...ROLES, 'all']).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userCreateSchema = z.object({
  fullName: fullNameField,
  phoneNumber: phoneField,
  password: passwordField,
  role: z.enum(STAFF_ROLES).default('admin'),
});

export const userUpdateSchema = z.object({
  fullName: fullNameField.optional(),
  phoneNumber: phoneField.optional(),
  role: z.enum(STAFF_ROLES).optional(),
  /** Blank keeps the current password. */
  password: z.union([z.literal(''), passwordField]).optional(),
});

/** A staff member's second factor as the back office shows it. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** `STAFF_2FA=required` and this account's role (admin, ceo) must have it. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const secondFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

export const secondFactorConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const userWriteResponseSchema = z.object({ user: userSchema });
