import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PHONE_CODE, type PhoneCodePurpose } from '@shop/common';
import { apiErrorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useSendPhoneCodeMutation } from './phone-code-api';

/** Seconds left until `until` (a time in ms), ticking each second; 0 once past. */
function useSecondsUntil(until: number): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const update = () => setSeconds(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    update();
    if (until <= Date.now()) return;
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/**
 * Asking for an SMS code: whether one was sent, and the seconds before another may be asked for
 * (the server's 60 s cool-down, or the wait a 429 named), shown as the resend timer.
 */
export function usePhoneCode(purpose: PhoneCodePurpose, forInstalments?: boolean) {
  const { t } = useTranslation(['storefront', 'common']);
  const [send, { isLoading }] = useSendPhoneCodeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const secondsLeft = useSecondsUntil(waitUntil);

  const request = useCallback(
    async (phoneNumber: string): Promise<boolean> => {
      try {
        const answer = await send({ phoneNumber, purpose, forInstalments }).unwrap();
        setSentTo(phoneNumber);
        setWaitUntil(Date.now() + answer.retryAfter * 1000);
        toast.success(t('phoneCode.sent', { phone: phoneNumber }));
        return true;
      } catch (error) {
        const retryAfter = (error as { retryAfter?: number }).retryAfter;
        if (retryAfter) {
          setWaitUntil(Date.now() + retryAfter * 1000);
          toast.error(t('phoneCode.wait', { seconds: retryAfter }));
        } else toast.error(apiErrorMessage(error, t, 'storefront:phoneCode.sendFailed'));
        return false;
      }
    },
    [send, purpose, forInstalments, t],
  );

  return {
    /** The phone the last code went to, or null before one was sent. */
    sentTo,
    secondsLeft,
    sending: isLoading,
    request,
    /** The phone changed: the code asked for before no longer applies. */
    forget: useCallback(() => setSentTo(null), []),
    codeLength: PHONE_CODE.digits,
  };
}

export type PhoneCodeState = ReturnType<typeof usePhoneCode>;
