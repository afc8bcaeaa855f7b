import { useTranslation } from '../../../lib/use-translation';
import { formatSom, normalizePhone } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { useCheckInstalmentBuyerMutation } from '../api/instalment-api';

interface Props {
  phone: string;
  amount: number;
  months: number | undefined;
  onMonths: (months: number | undefined) => void;
  error?: string;
}

/**
 * Checkout's "pay monthly": the buyer's status at Uzum Nasiya by the phone typed above. Verified,
 * they choose one of their own plans; not registered, they get Uzum's registration page and a
 * way back (check again); refused, a clear sentence, with the other methods just above.
 */
export function InstalmentCheck({ phone, amount, months, onMonths, error }: Props) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const [check, { data, isLoading, error: failed, reset }] = useCheckInstalmentBuyerMutation();
  const phoneNumber = normalizePhone(phone);
  const run = async () => {
    onMonths(undefined);
    if (!phoneNumber) return;
    // A failure is shown from the mutation's state.
    await check({ phoneNumber, amount }).catch(() => undefined);
  };
  const som = (value: number) => formatSom(value, i18n.language);
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
                : 'instalments.check',
          )}
        </button>
      )}
      {!phoneNumber && <p className="text-sm text-stone-600">{t('instalments.phoneFirst')}</p>}
      {failed !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorMessage(failed, t, 'storefront:checkout.failed')}
        </p>
      )}
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
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">{t('instalments.choosePlan')}</legend>
          {data.plans.map((plan) => (
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
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
