import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { STAFF_ROLES, type StaffRole, type User } from '@shop/common';
import { Modal } from '../../../components/ui/modal';
import { btn, fieldError, input, label } from '../../components/styles';
import { fieldErrorText, serverFieldErrors, validateWith, type FieldErrors } from '../../../lib/form-errors';
import {
  USER_FORM_SCHEMAS,
  USER_FORM_WORDING,
  emptyUserForm,
  userPayload,
  userToFormValues,
  type UserFormValues,
  type UserModalMode,
} from '../lib/user-form';
import type { AdminKey } from '../../../lib/translate';

interface Props {
  mode: UserModalMode;
  user?: User;
  submitting?: boolean;
  /** Saves; resolves to the error when the save failed, so its field errors show on the form. */
  onSubmit: (body: ReturnType<typeof userPayload>) => Promise<unknown> | void;
  onClose: () => void;
}

/** Create or edit a staff user. */
export function UserFormModal({ mode, user, submitting = false, onSubmit, onClose }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
  const [values, setValues] = useState<UserFormValues>(() =>
    mode === 'edit' && user ? userToFormValues(user) : emptyUserForm(),
  );
  const [errors, setErrors] = useState<FieldErrors<keyof UserFormValues, AdminKey>>({});

  const set = (key: keyof UserFormValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(USER_FORM_SCHEMAS[mode], values, USER_FORM_WORDING);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const failure = await onSubmit(userPayload(values, mode));
    if (failure) setErrors(serverFieldErrors(failure));
  }

  const field = (
    key: keyof UserFormValues,
    text: string,
    type: string,
    extra: Record<string, unknown> = {},
    required = true,
  ) => (
    <div>
      <label htmlFor={`${uid}-${key}`} className={label}>
        {text}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={`${uid}-${key}`}
        type={type}
        className={input}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${uid}-${key}-error` : undefined}
        {...extra}
      />
      {errors[key] && (
        <p id={`${uid}-${key}-error`} className={fieldError}>
          {fieldErrorText(t, errors[key])}
        </p>
      )}
    </div>
  );

  return (
    <Modal open title={mode === 'create' ? t('users.createTitle') : t('users.editTitle')} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {field('fullName', t('users.fields.fullName'), 'text', { autoComplete: 'name' })}
        {field('phoneNumber', t('users.fields.phoneNumber'), 'tel', {
          placeholder: '+998123456789',
          autoComplete: 'tel',
        })}
        <RoleSelect id={`${uid}-role`} value={values.role} onChange={(role) => set('role', role)} />
        {field(
          'password',
          mode === 'create' ? t('users.fields.password') : t('users.fields.newPassword'),
          'password',
          { autoComplete: 'new-password' },
          mode === 'create',
        )}
        {mode === 'edit' && <p className="-mt-2 text-xs text-stone-600">{t('users.fields.passwordKeep')}</p>}
        {field(
          'confirmPassword',
          t('users.fields.confirmPassword'),
          'password',
          { autoComplete: 'new-password' },
          mode === 'create',
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" className={btn.secondary} onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={btn.primary} disabled={submitting}>
            {submitting ? t('common.saving') : mode === 'create' ? t('users.create') : t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RoleSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <div>
      <label htmlFor={id} className={label}>
        {t('users.fields.role')}
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      </label>
      <select id={id} className={input} value={value} onChange={(e) => onChange(e.target.value as StaffRole)}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
