import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '@shop/common';

/** "Phone verified": an account proved this order's phone by SMS code, so the number is the buyer's. */
export function PhoneVerifiedBadge({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  if (!order.customer.phoneVerified) return null;
  return (
    <span
      data-testid="phone-verified"
      className="ml-1 inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800"
    >
      {t('orders.phoneVerified')}
    </span>
  );
}
