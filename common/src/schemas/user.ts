import { z } from 'zod';
import { AUTH_PHONE_PATTERN } from '../phone.js';
import { LIMITS, ROLES, STAFF_ROLES } from '../constants.js';
import { pageQuerySchema, pagedSchema } from './common.js';

export const authPhoneField = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .regex(AUTH_PHONE_PATTERN, 'Please enter a valid phone number in format +998XXXXXXXXX');

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
  phoneNumber: authPhoneField,
  password: z.string().min(1, 'Password is required').max(LIMITS.maxPasswordLength),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpSchema = z.object({
  fullName: fullNameField,
  phoneNumber: authPhoneField,
  password: passwordField,
  /** The SMS code sent for `signup`; required unless the shop turned verification off. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits')
    .optional(),
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
  phoneNumber: authPhoneField,
  password: passwordField,
  role: z.enum(STAFF_ROLES).default('admin'),
});

export const userUpdateSchema = z.object({
  fullName: fullNameField.optional(),
  phoneNumber: authPhoneField.optional(),
  role: z.enum(STAFF_ROLES).optional(),
  /** Blank keeps the current password. */
  password: z.union([z.literal(''), passwordField]).optional(),
});

export const userWriteResponseSchema = z.object({ user: userSchema });
