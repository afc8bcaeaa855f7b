import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { formatSom, orderNumber, type Order } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { btn } from '../../components/styles';
import { useReceiveCashMutation } from '../api/staff-orders-api';

/** An open cash order whose money has not been recorded yet. */
export const awaitsCash = (order: Order): boolean =>
  order.payment.method === 'cash' && order.payment.status === 'unpaid' && order.status !== 'cancelled';

/**
 * "Cash received", asked once more before it is written: the order becomes paid under the staff
 * member's name, for the order's total (the server refuses any other amount).
 */
export function CashReceiptAction({ order }: { order: Order }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [receiveCash, receiving] = useReceiveCashMutation();
  const [confirming, setConfirming] = useState(false);

  async function confirm() {
    try {
      await receiveCash({ id: order._id, amount: order.total }).unwrap();
      toast.success(t('orders.payment.cashRecorded'));
      setConfirming(false);
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.updateFailed'));
    }
  }

  if (!confirming)
    return (
      <button type="button" className={`${btn.secondary} mt-2`} onClick={() => setConfirming(true)}>
        {t('orders.payment.receiveCash')}
      </button>
    );
  return (
    <div role="group" aria-label={t('orders.payment.receiveCashTitle')} className="mt-2 space-y-2">
      <p className="text-sm text-stone-800">
        {t('orders.payment.receiveCashConfirm', {
          id: orderNumber(order._id),
          total: formatSom(order.total, i18n.language),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={btn.primary}
          disabled={receiving.isLoading}
          onClick={() => void confirm()}
        >
          {receiving.isLoading ? t('common.saving') : t('orders.payment.receiveCashAction')}
        </button>
        <button type="button" className={btn.secondary} onClick={() => setConfirming(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
