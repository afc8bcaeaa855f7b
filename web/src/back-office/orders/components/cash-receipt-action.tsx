import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { formatSom, orderNumber, type Order } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { InlineConfirm } from '../../components/inline-confirm';
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
    <div className="mt-2">
      <InlineConfirm
        title={t('orders.payment.receiveCashTitle')}
        message={t('orders.payment.receiveCashConfirm', {
          id: orderNumber(order._id),
          total: formatSom(order.total, i18n.language),
        })}
        confirmLabel={t('orders.payment.receiveCashAction')}
        busy={receiving.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
