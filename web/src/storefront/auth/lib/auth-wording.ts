import type { FieldWording } from '../../../lib/form-errors';
import type { StorefrontKey } from '../../../lib/translate';
import type { ResetValues, SignupValues } from './auth-forms';

// Apart from the schemas (auth-forms), so a page can show its words without loading zod first.

/** The auth forms' words for each field and kind of problem (`storefront` namespace). */
export const AUTH_WORDING: FieldWording<keyof SignupValues, StorefrontKey> = {
  fullName: { required: 'auth.errors.nameRequired' },
  phoneNumber: { required: 'auth.errors.phoneRequired', phoneFormat: 'auth.errors.phoneFormat' },
  password: { required: 'auth.errors.passwordRequired', tooShort: 'auth.errors.passwordShort' },
  confirmPassword: { required: 'auth.errors.confirmRequired', mismatch: 'auth.errors.passwordMismatch' },
};

export const RESET_WORDING: FieldWording<keyof ResetValues, StorefrontKey> = {
  phoneNumber: { required: 'auth.errors.phoneRequired', phoneFormat: 'auth.errors.phoneFormat' },
  code: { required: 'phoneCode.required', format: 'phoneCode.required' },
  password: { required: 'auth.errors.passwordRequired', tooShort: 'auth.errors.passwordShort' },
  confirmPassword: { required: 'auth.errors.confirmRequired', mismatch: 'auth.errors.passwordMismatch' },
};
