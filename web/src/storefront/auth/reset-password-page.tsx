import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useDispatch } from 'react-redux';
import { STAFF_ROLES } from '@shop/common';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../lib/toast';
import { PhoneCodeField } from '../../entities/session/phone-code-field';
import { setCredentials } from '../../entities/session/session-slice';
import { usePhoneCode } from '../../entities/session/use-phone-code';
import { useResetPasswordMutation } from './api/auth-api';
import { AuthForm } from './components/auth-form';
import { useAuthForm } from './lib/use-auth-form';
import type { ResetValues } from './lib/auth-forms';
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
  const form = useAuthForm<ResetValues>({
    phoneNumber: '+998',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const { values, field } = form;
  const codeAsked = phoneCode.sentTo !== null && phoneCode.sentTo === values.phoneNumber.trim();

  const sendCode = async () => {
    if (await form.check((forms) => forms.loginFormSchema.pick({ phoneNumber: true }), RESET_WORDING))
      await phoneCode.request(values.phoneNumber.trim());
  };

  const submit = async () => {
    if (!codeAsked) return sendCode();
    if (!(await form.check((forms) => forms.resetFormSchema, RESET_WORDING))) return;
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
      form.refused(error, 'storefront:reset.failed');
    }
  };

  return (
    <AuthForm
      title={t('reset.title')}
      prompt={t('auth.haveAccount')}
      linkTo="/login"
      linkLabel={t('auth.loginLink')}
      banner={form.banner}
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
            error={form.errorOf('code')}
            onChange={(code) => form.edit('code', code)}
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
