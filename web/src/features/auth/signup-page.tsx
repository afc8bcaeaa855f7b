import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormField } from '../../components/ui/form-field';
import { apiErrorMessage } from '../../lib/api-error';
import { useSignUpMutation } from './api/auth-api';
import { validateSignup, type FieldErrors, type SignupValues } from './lib/validate-auth';
import { AuthForm } from './components/auth-form';

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

  const submit = async () => {
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
    <AuthForm
      title={t('auth.signupTitle')}
      prompt={t('auth.haveAccount')}
      linkTo="/login"
      linkLabel={t('auth.loginLink')}
      banner={banner}
      busy={isLoading}
      submitLabel={t('auth.signupButton')}
      busyLabel={t('auth.signingUp')}
      onSubmit={submit}
    >
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
    </AuthForm>
  );
}
