import { AUTH_PHONE_PATTERN, LIMITS, STAFF_ROLES, type StaffRole, type User } from '@shop/common';

export type UserModalMode = 'create' | 'edit';

export interface UserFormValues {
  fullName: string;
  phoneNumber: string;
  role: StaffRole;
  password: string;
  confirmPassword: string;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export function emptyUserForm(): UserFormValues {
  return { fullName: '', phoneNumber: '', role: 'admin', password: '', confirmPassword: '' };
}

export function userToFormValues(user: User): UserFormValues {
  const role = (STAFF_ROLES as readonly string[]).includes(user.role) ? (user.role as StaffRole) : 'admin';
  return { fullName: user.fullName, phoneNumber: user.phoneNumber, role, password: '', confirmPassword: '' };
}

/** Spec §5 user form; error values are keys in the `admin` namespace. */
export function validateUserForm(values: UserFormValues, mode: UserModalMode): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.fullName.trim()) errors.fullName = 'users.errors.nameRequired';
  const phone = values.phoneNumber.trim();
  if (!phone) errors.phoneNumber = 'users.errors.phoneRequired';
  else if (!AUTH_PHONE_PATTERN.test(phone)) errors.phoneNumber = 'users.errors.phoneFormat';
  if (!STAFF_ROLES.includes(values.role)) errors.role = 'users.errors.roleRequired';
  if (mode === 'create' && values.password === '') errors.password = 'users.errors.passwordRequired';
  else if (values.password !== '' && values.password.length < LIMITS.minPasswordLength) {
    errors.password = 'users.errors.passwordMin';
  }
  if (values.password !== '' || values.confirmPassword !== '') {
    if (values.confirmPassword !== values.password) errors.confirmPassword = 'users.errors.passwordMismatch';
  }
  return errors;
}

/** Create sends every field; edit leaves the password out when blank (it keeps the current one). */
export function userPayload(values: UserFormValues, mode: UserModalMode) {
  const base = {
    fullName: values.fullName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    role: values.role,
  };
  if (mode === 'create') return { ...base, password: values.password };
  return values.password ? { ...base, password: values.password } : base;
}
