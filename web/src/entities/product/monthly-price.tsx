import { useTranslation } from '../../lib/use-translation';
import { formatSom, instalmentPlans, lowestMonthly } from '@shop/common';
import { useGetInstalmentTermsQuery } from './instalment-terms-api';

/**
 * "from … so'm/month" under a price, when the shop offers instalments (absent otherwise). With
 * `detailed` the total and the overpayment of every term are one tap away: the monthly figure
 * alone would hide what the buyer pays in all.
 */
export function MonthlyPrice({ amount, detailed = false }: { amount: number; detailed?: boolean }) {
  const { t, i18n } = useTranslation('storefront');
  const { data } = useGetInstalmentTermsQuery();
  const lowest = data && lowestMonthly(amount, data.plans);
  if (!data || !lowest) return null;
  const som = (value: number) => formatSom(value, i18n.language);
  const line = (
    <span className="text-sm font-medium text-violet-800" data-testid="monthly-price">
      {t('instalments.fromMonthly', { monthly: som(lowest.monthly) })}
    </span>
  );
  if (!detailed) return <p>{line}</p>;
  return (
    <details className="mt-2 rounded-lg border border-violet-200 bg-violet-50 px-3 py-2">
      <summary className="cursor-pointer">
        {line} · <span className="text-sm text-stone-700 underline">{t('instalments.terms')}</span>
      </summary>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-stone-800" data-testid="instalment-terms">
        {instalmentPlans(amount, data.plans).map((plan) => (
          <li key={plan.months}>
            {t('instalments.planLine', {
              months: plan.months,
              monthly: som(plan.monthly),
              total: som(plan.total),
              overpayment: som(plan.overpayment),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-stone-600">{t('instalments.provider', { price: som(amount) })}</p>
    </details>
  );
}
