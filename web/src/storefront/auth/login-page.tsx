import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import { apiErrorCode } from '../../lib/api-error';
import { STAFF_ROLES } from '@shop/common';
import { useDispatch } from 'react-redux';
import { FormField } from '../../components/ui/form-field';
import { authPathReturningTo, returnPath } from '../../lib/return-to';
import { useLoginMutation } from './api/auth-api';
import { setCredentials } from '../../entities/session/session-slice';
import type { LoginValues } from './lib/auth-forms';
import { AUTH_WORDING } from './lib/auth-wording';
import { AuthForm } from './components/auth-form';
import { useAuthForm } from './lib/use-auth-form';

export default function LoginPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const next = returnPath(useSearchParams()[0]);
  const [login, { isLoading }] = useLoginMutation();
  const form = useAuthForm<Required<LoginValues>>({ phoneNumber: '+998', password: '', code: '' });
  const { values } = form;
  // A staff account with two-factor sign-in: the server asked for the code, so the form shows it.
  const [needsCode, setNeedsCode] = useState(false);

  const submit = async () => {
    if (!(await form.check((forms) => forms.loginFormSchema, AUTH_WORDING))) return;
    try {
      const result = await login({
        phoneNumber: values.phoneNumber.trim(),
        password: values.password,
        ...(needsCode && values.code.trim() && { code: values.code.trim() }),
      }).unwrap();
      dispatch(setCredentials(result));
      toast.success(t('auth.loginSuccess'));
      const isStaff = (STAFF_ROLES as readonly string[]).includes(result.user.role);
      navigate(isStaff ? '/admin' : (next ?? '/'), { replace: true });
    } catch (error) {
      if (apiErrorCode(error) === 'SECOND_FACTOR_REQUIRED') setNeedsCode(true);
      form.refused(error, 'storefront:auth.loginFailed');
    }
  };

  return (
    <AuthForm
      title={t('auth.loginTitle')}
      prompt={t('auth.noAccount')}
      linkTo={authPathReturningTo('/signup', next)}
      linkLabel={t('auth.signupLink')}
      banner={form.banner}
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
        {...form.field('phoneNumber')}
      />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      {needsCode && (
        <FormField
          label={t('auth.secondFactorCode')}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          {...form.field('code')}
        />
      )}
      <Link
        to="/reset-password"
        className="-mt-2 self-end text-sm font-medium text-brand-700 hover:underline"
      >
        {t('reset.forgot')}
      </Link>
    </AuthForm>
  );
}
