import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import { FormField } from '../../components/ui/form-field';
import { useDispatch } from 'react-redux';
import { apiErrorCode, apiErrorMessage } from '../../lib/api-error';
import { authPathReturningTo, returnPath } from '../../lib/return-to';
import { setCredentials } from '../../entities/session/session-slice';
import { PhoneCodeField } from '../../entities/session/phone-code-field';
import { usePhoneCode } from '../../entities/session/use-phone-code';
import { useSignUpMutation } from './api/auth-api';
import { signupFormSchema, type SignupValues } from './lib/auth-forms';
import { AUTH_WORDING } from './lib/auth-wording';
import { fieldErrorText, validateWith, type FieldErrors } from '../../lib/form-errors';
import { AuthForm } from './components/auth-form';
import type { StorefrontKey } from '../../lib/translate';

export default function SignupPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const next = returnPath(useSearchParams()[0]);
  const [signUp, { isLoading }] = useSignUpMutation();
  const [values, setValues] = useState<SignupValues>({
    fullName: '',
    phoneNumber: '+998',
    password: '',
    confirmPassword: '',
  });
  // The SMS code is asked for once the rest is filled in and the shop says it needs one.
  const phoneCode = usePhoneCode('signup');
  const [code, setCode] = useState('');
  const codeAsked = phoneCode.sentTo !== null && phoneCode.sentTo === values.phoneNumber.trim();
  const [errors, setErrors] = useState<FieldErrors<keyof SignupValues, StorefrontKey>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const edit = (field: keyof SignupValues, value: string) => {
    if (field === 'phoneNumber') phoneCode.forget();
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setBanner(null);
  };

  const submit = async () => {
    const checked = validateWith(signupFormSchema, values, AUTH_WORDING);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const phoneNumber = values.phoneNumber.trim();
    try {
      const session = await signUp({
        fullName: values.fullName.trim(),
        phoneNumber,
        password: values.password,
        ...(codeAsked && { code }),
      }).unwrap();
      // Sign-up answers with a session: the new customer is signed in and goes back to where they
      // were (the cart when they came from checkout) instead of typing everything again.
      dispatch(setCredentials(session));
      toast.success(t('auth.signupSuccess'));
      navigate(next ?? '/', { replace: true });
    } catch (error) {
      // The shop verifies phones: the first try (without a code) sends one, then the field shows.
      if (apiErrorCode(error) === 'PHONE_CODE_INVALID' && !codeAsked) {
        await phoneCode.request(phoneNumber);
        return;
      }
      const message = apiErrorMessage(error, t, 'storefront:auth.signupFailed');
      setBanner(message);
      toast.error(message);
    }
  };

  const field = (name: keyof SignupValues) => ({
    value: values[name],
    error: fieldErrorText(t, errors[name]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => edit(name, event.target.value),
  });

  return (
    <AuthForm
      title={t('auth.signupTitle')}
      prompt={t('auth.haveAccount')}
      linkTo={authPathReturningTo('/login', next)}
      linkLabel={t('auth.loginLink')}
      banner={banner}
      busy={isLoading || phoneCode.sending}
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
      {codeAsked && (
        <PhoneCodeField
          state={phoneCode}
          value={code}
          onChange={(next) => {
            setCode(next);
            setBanner(null);
          }}
        />
      )}
    </AuthForm>
  );
}
