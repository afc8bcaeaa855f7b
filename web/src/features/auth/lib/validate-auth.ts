import { AUTH_PHONE_PATTERN, LIMITS } from '@shop/common';

export interface LoginValues {
  phoneNumber: string;
  password: string;
}
export interface SignupValues extends LoginValues {
  fullName: string;
  confirmPassword: string;
}
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** Spec §5: +998 and 9 digits, the same pattern the server's schema uses. */
function phoneError(phone: string): string | undefined {
  if (!phone.trim()) return 'auth.errors.phoneRequired';
  if (!AUTH_PHONE_PATTERN.test(phone.trim())) return 'auth.errors.phoneFormat';
  return undefined;
}

function compact<T>(errors: FieldErrors<T>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value)) as FieldErrors<T>;
}

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  return compact<LoginValues>({
    phoneNumber: phoneError(values.phoneNumber),
    password: values.password ? undefined : 'auth.errors.passwordRequired',
  });
}

export function validateSignup(values: SignupValues): FieldErrors<SignupValues> {
  let password: string | undefined;
  if (!values.password) password = 'auth.errors.passwordRequired';
  else if (values.password.length < LIMITS.minPasswordLength) password = 'auth.errors.passwordShort';
  let confirmPassword: string | undefined;
  if (!values.confirmPassword) confirmPassword = 'auth.errors.confirmRequired';
  else if (values.confirmPassword !== values.password) confirmPassword = 'auth.errors.passwordMismatch';
  return compact<SignupValues>({
    fullName: values.fullName.trim() ? undefined : 'auth.errors.nameRequired',
    phoneNumber: phoneError(values.phoneNumber),
    password,
    confirmPassword,
  });
}
