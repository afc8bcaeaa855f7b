import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import { STAFF_ROLES } from '@shop/common';
import { useDispatch } from 'react-redux';
import { FormField } from '../../components/ui/form-field';
import { apiErrorMessage } from '../../lib/api-error';
import { authPathReturningTo, returnPath } from '../../lib/return-to';
import { useLoginMutation } from './api/auth-api';
import { setCredentials } from '../../entities/session/session-slice';
import type { LoginValues } from './lib/auth-forms';
import { AUTH_WORDING } from './lib/auth-wording';
import { fieldErrorText, validateWith, type FieldErrors } from '../../lib/form-errors';
import { AuthForm } from './components/auth-form';
import type { StorefrontKey } from '../../lib/translate';

const loadSchemas = () => import('./lib/auth-forms');

export default function LoginPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const next = returnPath(useSearchParams()[0]);
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ phoneNumber: '+998', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues, StorefrontKey>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const edit = (field: keyof LoginValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setBanner(null);
  };

  // The schemas (zod, ~25 KB gzip) are not in the page's first load: fetched once it is up.
  useEffect(() => void loadSchemas(), []);

  const submit = async () => {
    const { loginFormSchema } = await loadSchemas();
    const checked = validateWith(loginFormSchema, values, AUTH_WORDING);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    try {
      const result = await login({
        phoneNumber: values.phoneNumber.trim(),
        password: values.password,
      }).unwrap();
      dispatch(setCredentials(result));
      toast.success(t('auth.loginSuccess'));
      const isStaff = (STAFF_ROLES as readonly string[]).includes(result.user.role);
      navigate(isStaff ? '/admin' : (next ?? '/'), { replace: true });
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
      linkTo={authPathReturningTo('/signup', next)}
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
        error={fieldErrorText(t, errors.phoneNumber)}
        onChange={(event) => edit('phoneNumber', event.target.value)}
      />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={fieldErrorText(t, errors.password)}
        onChange={(event) => edit('password', event.target.value)}
      />
      <Link
        to="/reset-password"
        className="-mt-2 self-end text-sm font-medium text-brand-700 hover:underline"
      >
        {t('reset.forgot')}
      </Link>
    </AuthForm>
  );
}
