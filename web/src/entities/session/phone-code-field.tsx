import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/form-field';
import type { PhoneCodeState } from './use-phone-code';

interface Props {
  state: PhoneCodeState;
  value: string;
  onChange: (code: string) => void;
  error?: string;
}

/** The SMS code's field, with "send again" that counts down the seconds until it may be used. */
export function PhoneCodeField({ state, value, onChange, error }: Props) {
  const { t } = useTranslation('storefront');
  const { sentTo, secondsLeft, sending, request } = state;
  return (
    <div>
      <FormField
        label={t('phoneCode.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={state.codeLength}
        pattern="[0-9]*"
        value={value}
        error={error}
        hint={sentTo ? t('phoneCode.hint', { phone: sentTo }) : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
      <button
        type="button"
        disabled={secondsLeft > 0 || sending || !sentTo}
        onClick={() => sentTo && void request(sentTo)}
        className="mt-2 text-sm font-medium text-brand-700 hover:underline disabled:text-stone-500 disabled:no-underline"
      >
        {secondsLeft > 0 ? t('phoneCode.resendIn', { seconds: secondsLeft }) : t('phoneCode.resend')}
      </button>
    </div>
  );
}
