import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormField } from '../../components/ui/form-field';
import { apiErrorMessage } from '../../lib/api-error';
import { useSignUpMutation } from './api/auth-api';
import { validateSignup, type FieldErrors, type SignupValues } from './lib/validate-auth';
import { AuthCard } from './components/auth-card';

export default function SignupPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const navigate = useNavigate();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [values, setValues] = useState<SignupValues>({
    fullName: '',
    phoneNumber: '+998',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<SignupValues>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const edit = (field: keyof SignupValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setBanner(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await signUp({
        fullName: values.fullName.trim(),
        phoneNumber: values.phoneNumber.trim(),
        password: values.password,
      }).unwrap();
      toast.success(t('auth.signupSuccess'));
      navigate('/login');
    } catch (error) {
      const message = apiErrorMessage(error, t, 'storefront:auth.signupFailed');
      setBanner(message);
      toast.error(message);
    }
  };

  const field = (name: keyof SignupValues) => ({
    value: values[name],
    error: errors[name] && t(errors[name]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => edit(name, event.target.value),
  });

  return (
    <AuthCard
      title={t('auth.signupTitle')}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            {t('auth.loginLink')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {banner && (
          <p
            role="alert"
            data-testid="form-error"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {banner}
          </p>
        )}
        <FormField label={t('auth.fullName')} autoComplete="name" maxLength={100} {...field('fullName')} />
        <FormField
          label={t('auth.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+998901234567"
          {...field('phoneNumber')}
        />
        <FormField
          label={t('auth.password')}
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
        <button
          type="submit"
          disabled={isLoading}
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isLoading ? t('auth.signingUp') : t('auth.signupButton')}
        </button>
      </form>
    </AuthCard>
  );
}
