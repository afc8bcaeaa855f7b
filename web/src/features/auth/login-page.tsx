import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { STAFF_ROLES } from '@shop/common';
import { useAppDispatch } from '../../app/hooks';
import { FormField } from '../../components/ui/form-field';
import { apiErrorMessage } from '../../lib/api-error';
import { useLoginMutation } from './api/auth-api';
import { setCredentials } from './auth-slice';
import { validateLogin, type FieldErrors, type LoginValues } from './lib/validate-auth';
import { AuthForm } from './components/auth-form';

export default function LoginPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ phoneNumber: '+998', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const edit = (field: keyof LoginValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setBanner(null);
  };

  const submit = async () => {
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await login({
        phoneNumber: values.phoneNumber.trim(),
        password: values.password,
      }).unwrap();
      dispatch(setCredentials(result));
      toast.success(t('auth.loginSuccess'));
      const isStaff = (STAFF_ROLES as readonly string[]).includes(result.user.role);
      navigate(isStaff ? '/admin' : '/', { replace: true });
    } catch (error) {
      const message = apiErrorMessage(error, t, 'storefront:auth.loginFailed');
      setBanner(message);
      toast.error(message);
    }
  };

  return (
    <AuthForm
      title={t('auth.loginTitle')}
      prompt={t('auth.noAccount')}
      linkTo="/signup"
      linkLabel={t('auth.signupLink')}
      banner={banner}
      busy={isLoading}
      submitLabel={t('auth.loginButton')}
      busyLabel={t('auth.loggingIn')}
      onSubmit={submit}
    >
      <FormField
        label={t('auth.phone')}
        type="tel"
        autoComplete="tel"
        placeholder="+998901234567"
        value={values.phoneNumber}
        error={errors.phoneNumber && t(errors.phoneNumber)}
        onChange={(event) => edit('phoneNumber', event.target.value)}
      />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password && t(errors.password)}
        onChange={(event) => edit('password', event.target.value)}
      />
    </AuthForm>
  );
}
