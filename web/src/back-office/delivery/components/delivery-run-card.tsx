import { useTranslation } from '../../../lib/use-translation';
import { formatSom, isLanguage, type DeliveryRun } from '@shop/common';

/** The cash to take, or why there is none, named from the payment's own method and state. */
function MoneyAtTheDoor({ run }: { run: DeliveryRun }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const method = t(`common:payment.method.${run.payment.method}`);
  if (run.toCollect > 0)
    return t('delivery.runs.collect', { amount: formatSom(run.toCollect, i18n.language) });
  if (run.payment.status === 'paid') return t('delivery.runs.paidWith', { method });
  return t('delivery.runs.noCash', { method, status: t(`common:payment.status.${run.payment.status}`) });
}

/** One stop of the run: who, where (with the landmark), what to bring and assemble, and the cash to take. */
export function DeliveryRunCard({ run }: { run: DeliveryRun }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const { address } = run;
  return (
    <li className="break-inside-avoid rounded-lg border border-stone-200 bg-white p-3 text-sm print:rounded-none print:border-x-0 print:border-t-0 print:p-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {run.orderNumber} · {run.customer.fullName} ·{' '}
          <a href={`tel:${run.customer.phoneNumber}`} className="text-brand-700 print:text-black">
            {run.customer.phoneNumber}
          </a>
        </p>
        <p className="font-semibold" data-testid="to-collect">
          <MoneyAtTheDoor run={run} />
        </p>
      </div>
      <p>
        {[
          address.street,
          address.house,
          address.apartment && t('common:delivery.apartmentShort', { apartment: address.apartment }),
        ]
          .filter(Boolean)
          .join(', ')}
        {' · '}
        {t('common:delivery.floor')}{' '}
        {t(run.lift ? 'common:delivery.floorWithLift' : 'common:delivery.floorNoLift', { floor: run.floor })}
      </p>
      {address.landmark && (
        <p>
          <span className="text-stone-600">{t('common:delivery.landmark')}:</span> {address.landmark}
        </p>
      )}
      <ul className="mt-1 list-disc pl-5">
        {run.lines.map((line, index) => (
          <li key={index}>
            {line.name}
            {line.variant
              ? ` (${line.variant.label[isLanguage(i18n.language) ? i18n.language : 'uz']}) · ${line.variant.sku}`
              : line.color && ` (${line.color})`}{' '}
            × {line.quantity}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        {run.assembly ? t('delivery.runs.assemble') : t('delivery.runs.noAssembly')} ·{' '}
        {t(`common:delivery.statuses.${run.status}`)}
      </p>
    </li>
  );
}
