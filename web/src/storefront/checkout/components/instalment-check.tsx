import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatSom, normalizePhone, type InstalmentPlan } from '@shop/common';
import { PhoneCodeField } from '../../../entities/session/phone-code-field';
import { usePhoneCode } from '../../../entities/session/use-phone-code';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { UzumReason } from './uzum-reason';
import { useCheckInstalmentBuyerMutation } from '../api/instalment-api';
import { rememberPhoneCode } from '../lib/instalment-proof';

interface Props {
  phone: string;
  amount: number;
  months: number | undefined;
  onMonths: (months: number | undefined) => void;
  error?: string;
}

/**
 * Checkout's "pay monthly": the buyer's status at Uzum Nasiya by the phone typed above. A contract
 * is credit in the phone owner's name, so the phone is proven first by an SMS code (a signed-in
 * customer's verified phone needs none). Verified, they choose one of their own plans; not
 * registered, they get Uzum's registration page and a way back (check again); refused, a clear
 * sentence, with the other methods just above.
 */
export function InstalmentCheck({ phone, amount, months, onMonths, error }: Props) {
  const { t } = useTranslation(['storefront', 'common']);
  const [check, { data, isLoading, error: failed, reset }] = useCheckInstalmentBuyerMutation();
  const phoneCode = usePhoneCode('orders', true);
  const [code, setCode] = useState('');
  const phoneNumber = normalizePhone(phone);
  const askingCode = phoneCode.sentTo !== null && phoneCode.sentTo === phoneNumber && !data;
  const run = async () => {
    onMonths(undefined);
    if (!phoneNumber) return;
    const typed = askingCode && code ? code : undefined;
    try {
      await check({ phoneNumber, amount, code: typed }).unwrap();
      if (typed) rememberPhoneCode(typed);
    } catch (refused) {
      // Not proven yet: a code goes to the phone, and the check waits for it.
      if (apiErrorCode(refused) === 'PHONE_CODE_REQUIRED' && !typed) {
        reset();
        await phoneCode.request(phoneNumber);
      }
      // Any other failure is shown from the mutation's state.
    }
  };
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-violet-200 bg-violet-50 p-3"
      data-testid="instalment-check"
    >
      {(!data || data.status !== 'verified') && (
        <button
          type="button"
          disabled={isLoading}
          onClick={() => {
            reset();
            void run();
          }}
          className="self-start rounded-lg border border-violet-700 px-3 py-1.5 text-sm font-semibold text-violet-800 disabled:opacity-60"
        >
          {t(
            isLoading
              ? 'instalments.checking'
              : data?.status === 'register'
                ? 'instalments.checkAgain'
                : askingCode
                  ? 'instalments.checkWithCode'
                  : 'instalments.check',
          )}
        </button>
      )}
      {!phoneNumber && <p className="text-sm text-stone-600">{t('instalments.phoneFirst')}</p>}
      {askingCode && (
        <>
          <p className="text-sm text-stone-800">{t('instalments.codeNeeded')}</p>
          <PhoneCodeField state={phoneCode} value={code} onChange={setCode} />
        </>
      )}
      {failed !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorCode(failed) === 'PHONE_CODE_REQUIRED'
            ? t('common:errors.PHONE_CODE_INVALID')
            : apiErrorMessage(failed, t, 'storefront:checkout.failed')}
        </p>
      )}
      {failed !== undefined && <UzumReason error={failed} />}
      {data?.status === 'register' && (
        <p className="text-sm text-stone-800">
          {t('instalments.register')}{' '}
          <a
            href={data.registrationUrl}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-violet-800 underline"
          >
            {t('instalments.registerLink')}
          </a>
        </p>
      )}
      {data?.status === 'refused' && (
        <p role="alert" className="text-sm text-red-700">
          {t('instalments.refused')}
        </p>
      )}
      {data?.status === 'verified' && data.plans.length === 0 && (
        <p className="text-sm text-stone-800">{t('instalments.noPlans')}</p>
      )}
      {data?.status === 'verified' && data.plans.length > 0 && (
        <PlanChoice plans={data.plans} months={months} onMonths={onMonths} />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The plans Uzum offers this buyer, one to choose. */
function PlanChoice({
  plans,
  months,
  onMonths,
}: {
  plans: InstalmentPlan[];
  months: number | undefined;
  onMonths: (months: number | undefined) => void;
}) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const som = (value: number) => formatSom(value, i18n.language);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{t('instalments.choosePlan')}</legend>
      {plans.map((plan) => (
        <label key={plan.months} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="instalmentMonths"
            value={plan.months}
            checked={months === plan.months}
            onChange={() => onMonths(plan.months)}
            className="mt-1"
          />
          <span>
            {t('instalments.planLine', {
              months: plan.months,
              monthly: som(plan.monthly),
              total: som(plan.total),
              overpayment: som(plan.overpayment),
            })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
