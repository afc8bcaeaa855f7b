import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@shop/common';
import { statusBadgeClass } from '../../../components/ui/order-status-badge';
import { btn } from '../../components/styles';
import { cancelNeedsRefund } from './order-payment-panel';

/** One button per status; the current one is pressed. `paymentNoteId` explains a cancel that must wait. */
export function OrderStatusButtons({
  order,
  disabled,
  paymentNoteId,
  onSet,
}: {
  order: Order;
  disabled: boolean;
  paymentNoteId: string;
  onSet: (status: OrderStatus) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-semibold">
        {t('orders.detail.setStatus')}
      </h3>
      <div className="flex flex-wrap gap-2">
        {ORDER_STATUSES.map((status) => {
          const current = order.status === status;
          // A paid order is cancelled only through its refund (the payment panel says how).
          const refundFirst = status === 'cancelled' && cancelNeedsRefund(order);
          return (
            <button
              key={status}
              type="button"
              className={
                current
                  ? `inline-flex cursor-default items-center rounded-md border-2 border-current px-4 py-2 text-sm font-semibold ${statusBadgeClass(status)}`
                  : btn.secondary
              }
              disabled={current || disabled || refundFirst}
              aria-pressed={current}
              aria-describedby={refundFirst ? paymentNoteId : undefined}
              onClick={() => onSet(status)}
            >
              {t(`orderStatus.${status}`)}
            </button>
          );
        })}
      </div>
    </section>
  );
}
