import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import { FormField } from '../../components/ui/form-field';
import { useDispatch } from 'react-redux';
import { apiErrorCode } from '../../lib/api-error';
import { authPathReturningTo, returnPath } from '../../lib/return-to';
import { setCredentials } from '../../entities/session/session-slice';
import { PhoneCodeField } from '../../entities/session/phone-code-field';
import { usePhoneCode } from '../../entities/session/use-phone-code';
import { ConsentNotice } from '../../entities/privacy/consent-notice';
import { useConsent } from '../../entities/privacy/use-consent';
import { useSignUpMutation } from './api/auth-api';
import type { SignupValues } from './lib/auth-forms';
import { AUTH_WORDING } from './lib/auth-wording';
import { AuthForm } from './components/auth-form';
import { useAuthForm } from './lib/use-auth-form';

export default function SignupPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const next = returnPath(useSearchParams()[0]);
  const [signUp, { isLoading }] = useSignUpMutation();
  // The SMS code is asked for once the rest is filled in and the shop says it needs one.
  const phoneCode = usePhoneCode('signup');
  const consent = useConsent();
  const [code, setCode] = useState('');
  const form = useAuthForm<SignupValues>(
    { fullName: '', phoneNumber: '+998', password: '', confirmPassword: '' },
    (field) => field === 'phoneNumber' && phoneCode.forget(),
  );
  const { values, field } = form;
  const codeAsked = phoneCode.sentTo !== null && phoneCode.sentTo === values.phoneNumber.trim();

  const submit = async () => {
    if (!(await form.check((forms) => forms.signupFormSchema, AUTH_WORDING))) return;
    const phoneNumber = values.phoneNumber.trim();
    try {
      const session = await signUp({
        fullName: values.fullName.trim(),
        phoneNumber,
        password: values.password,
        ...(codeAsked && { code }),
        ...consent.fields,
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
      consent.onRefused(error);
      form.refused(error, 'storefront:auth.signupFailed');
    }
  };

  return (
    <AuthForm
      title={t('auth.signupTitle')}
      prompt={t('auth.haveAccount')}
      linkTo={authPathReturningTo('/login', next)}
      linkLabel={t('auth.loginLink')}
      banner={form.banner}
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
            form.clearBanner();
          }}
        />
      )}
      <ConsentNotice consent={consent} action="signup" />
    </AuthForm>
  );
}
