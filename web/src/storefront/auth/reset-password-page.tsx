import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useDispatch } from 'react-redux';
import { STAFF_ROLES } from '@shop/common';
import { FormField } from '../../components/ui/form-field';
import { apiErrorMessage } from '../../lib/api-error';
import { fieldErrorText, validateWith, type FieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import type { StorefrontKey } from '../../lib/translate';
import { PhoneCodeField } from '../../entities/session/phone-code-field';
import { setCredentials } from '../../entities/session/session-slice';
import { usePhoneCode } from '../../entities/session/use-phone-code';
import { useResetPasswordMutation } from './api/auth-api';
import { AuthForm } from './components/auth-form';
import { loginFormSchema, resetFormSchema, type ResetValues } from './lib/auth-forms';
import { RESET_WORDING } from './lib/auth-wording';

/**
 * /reset-password: the phone, then the SMS code with the new password; the shop signs the person
 * in and every older session of the account ends.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const phoneCode = usePhoneCode('reset');
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [values, setValues] = useState<ResetValues>({
    phoneNumber: '+998',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetValues, StorefrontKey>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const codeAsked = phoneCode.sentTo !== null && phoneCode.sentTo === values.phoneNumber.trim();

  const edit = (field: keyof ResetValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setBanner(null);
  };

  const sendCode = async () => {
    const checked = validateWith(loginFormSchema.pick({ phoneNumber: true }), values, RESET_WORDING);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) await phoneCode.request(values.phoneNumber.trim());
  };

  const submit = async () => {
    if (!codeAsked) return sendCode();
    const checked = validateWith(resetFormSchema, values, RESET_WORDING);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    try {
      const session = await reset({
        phoneNumber: values.phoneNumber.trim(),
        code: values.code.trim(),
        password: values.password,
      }).unwrap();
      dispatch(setCredentials(session));
      toast.success(t('reset.success'));
      const isStaff = (STAFF_ROLES as readonly string[]).includes(session.user.role);
      navigate(isStaff ? '/admin' : '/', { replace: true });
    } catch (error) {
      const message = apiErrorMessage(error, t, 'storefront:reset.failed');
      setBanner(message);
      toast.error(message);
    }
  };

  const field = (name: keyof ResetValues) => ({
    value: values[name],
    error: fieldErrorText(t, errors[name]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => edit(name, event.target.value),
  });

  return (
    <AuthForm
      title={t('reset.title')}
      prompt={t('auth.haveAccount')}
      linkTo="/login"
      linkLabel={t('auth.loginLink')}
      banner={banner}
      busy={isLoading || phoneCode.sending}
      submitLabel={codeAsked ? t('reset.button') : t('phoneCode.send')}
      busyLabel={codeAsked ? t('reset.busy') : t('phoneCode.sending')}
      onSubmit={submit}
    >
      <p className="text-stone-700">{t('reset.intro')}</p>
      <FormField
        label={t('auth.phone')}
        type="tel"
        autoComplete="tel"
        placeholder="+998901234567"
        {...field('phoneNumber')}
      />
      {codeAsked && (
        <>
          <PhoneCodeField
            state={phoneCode}
            value={values.code}
            error={fieldErrorText(t, errors.code)}
            onChange={(code) => edit('code', code)}
          />
          <FormField
            label={t('reset.newPassword')}
            type="password"
            autoComplete="new-password"
            {...field('password')}
          />
          <FormField
            label={t('auth.confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
        </>
      )}
    </AuthForm>
  );
}
