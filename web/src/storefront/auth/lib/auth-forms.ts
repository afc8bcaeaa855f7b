import { loginSchema, passwordResetSchema, signUpSchema } from '@shop/common';
import { z } from 'zod';
import type { FieldWording } from '../../../lib/form-errors';
import type { StorefrontKey } from '../../../lib/translate';

/** Sign-up as the server reads it, plus the repeated password that only the form asks for. */
export const signupFormSchema = signUpSchema
  .extend({ confirmPassword: z.string().min(1) })
  .refine((values) => values.confirmPassword === '' || values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    params: { kind: 'mismatch' },
  });
export type SignupValues = z.input<typeof signupFormSchema>;

/** Reset as the server reads it, with the repeated password. */
export const resetFormSchema = passwordResetSchema
  .extend({ confirmPassword: z.string().min(1) })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    params: { kind: 'mismatch' },
  });
export type ResetValues = z.input<typeof resetFormSchema>;

export const RESET_WORDING: FieldWording<keyof ResetValues, StorefrontKey> = {
  phoneNumber: { required: 'auth.errors.phoneRequired', phoneFormat: 'auth.errors.phoneFormat' },
  code: { required: 'phoneCode.required', format: 'phoneCode.required' },
  password: { required: 'auth.errors.passwordRequired', tooShort: 'auth.errors.passwordShort' },
  confirmPassword: { required: 'auth.errors.confirmRequired', mismatch: 'auth.errors.passwordMismatch' },
};

export { loginSchema as loginFormSchema };
export type LoginValues = z.input<typeof loginSchema>;

/** The auth forms' words for each field and kind of problem (`storefront` namespace). */
export const AUTH_WORDING: FieldWording<keyof SignupValues, StorefrontKey> = {
  fullName: { required: 'auth.errors.nameRequired' },
  phoneNumber: { required: 'auth.errors.phoneRequired', phoneFormat: 'auth.errors.phoneFormat' },
  password: { required: 'auth.errors.passwordRequired', tooShort: 'auth.errors.passwordShort' },
  confirmPassword: { required: 'auth.errors.confirmRequired', mismatch: 'auth.errors.passwordMismatch' },
};
