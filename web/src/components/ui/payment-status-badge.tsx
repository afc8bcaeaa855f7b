import { useTranslation } from '../../lib/use-translation';
import type { PaymentMethod, PaymentStatus } from '@shop/common';

const STYLES: Record<PaymentStatus, string> = {
  unpaid: 'bg-stone-200 text-stone-800',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-orange-100 text-orange-900',
  paid: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-red-100 text-red-800',
  refunded: 'bg-violet-100 text-violet-800',
};

/** An order's payment state, the same words on the confirmation page and in the back office. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('common');
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}
      data-payment-status={status}
    >
      {t(`payment.status.${status}`)}
    </span>
  );
}

export function PaymentMethodName({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('common');
  return <>{t(`payment.method.${method}`)}</>;
}
