import { z } from 'zod';
import { STAFF_ROLES, passwordField, userCreateSchema, type StaffRole, type User } from '@shop/common';
import type { FieldWording } from '../../../lib/form-errors';
import type { AdminKey } from '../../../lib/translate';

export type UserModalMode = 'create' | 'edit';

export interface UserFormValues {
  fullName: string;
  phoneNumber: string;
  role: StaffRole;
  password: string;
  confirmPassword: string;
}

export function emptyUserForm(): UserFormValues {
  return { fullName: '', phoneNumber: '', role: 'admin', password: '', confirmPassword: '' };
}

export function userToFormValues(user: User): UserFormValues {
  const role = (STAFF_ROLES as readonly string[]).includes(user.role) ? (user.role as StaffRole) : 'admin';
  return { fullName: user.fullName, phoneNumber: user.phoneNumber, role, password: '', confirmPassword: '' };
}

/**
 * The server's user schema with the form's password rule and the repeated password only the form
 * asks for (checked even while other fields are wrong).
 */
const userFormSchema = (password: z.ZodType<string>) =>
  userCreateSchema
    .extend({ password, confirmPassword: z.string() })
    .refine((v) => v.confirmPassword === v.password, {
      path: ['confirmPassword'],
      params: { kind: 'mismatch' },
      when: () => true,
    });

/** Creating needs a password; editing keeps the current one when it is left blank. */
export const USER_FORM_SCHEMAS = {
  create: userFormSchema(passwordField),
  edit: userFormSchema(z.union([z.literal(''), passwordField])),
};

/** The form's words for each field and kind of problem (`admin` namespace). */
export const USER_FORM_WORDING: FieldWording<keyof UserFormValues, AdminKey> = {
  fullName: { required: 'users.errors.nameRequired' },
  phoneNumber: { required: 'users.errors.phoneRequired', phoneFormat: 'users.errors.phoneFormat' },
  role: { choose: 'users.errors.roleRequired' },
  password: { required: 'users.errors.passwordRequired', tooShort: 'users.errors.passwordMin' },
  confirmPassword: { mismatch: 'users.errors.passwordMismatch' },
};

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
