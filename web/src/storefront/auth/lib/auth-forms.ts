import { loginSchema, passwordResetSchema, signUpSchema } from '@shop/common';
import { z } from 'zod';

/** Sign-up as the server reads it, plus the repeated password that only the form asks for. */
export const signupFormSchema = signUpSchema
  .omit({ consent: true, consentVersion: true })
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

export { loginSchema as loginFormSchema };
export type LoginValues = z.input<typeof loginSchema>;
