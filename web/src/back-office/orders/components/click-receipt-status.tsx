import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import type { Order, ReceiptStatus } from '@shop/common';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { apiErrorMessage } from '../../../lib/api-error';
import type { AdminKey } from '../../../lib/translate';
import { useTranslation } from '../../../lib/use-translation';
import { btn } from '../../components/styles';
import { useResendClickReceiptMutation } from '../api/staff-orders-api';

const STATUS_WORDS = {
  sent: 'orders.receipt.sent',
  refused: 'orders.receipt.refused',
  pending: 'orders.receipt.pending',
} as const satisfies Record<ReceiptStatus, AdminKey>;

/**
 * How the order's Click receipt stands at Click. A refused one shows Click's own words (they name
 * the field or code at fault) and, for admin and ceo, "send again" once the product is fixed.
 */
export function ClickReceiptStatus({ order }: { order: Order }) {
  const { t } = useTranslation(['admin', 'common']);
  const user = useSelector(selectCurrentUser);
  const [resend, resending] = useResendClickReceiptMutation();
  const receipt = order.payment.receipt;
  if (!receipt) return null;
  const canResend = receipt.status === 'refused' && (user?.role === 'admin' || user?.role === 'ceo');

  async function sendAgain() {
    try {
      await resend(order._id).unwrap();
      toast.success(t('orders.receipt.resent'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.updateFailed'));
    }
  }

  return (
    <div
      className={`mt-2 rounded-md px-3 py-2 text-sm ${
        receipt.status === 'refused' ? 'bg-red-50 text-red-900' : 'bg-stone-50 text-stone-800'
      }`}
      data-testid="click-receipt"
    >
      <p>
        <span className="font-medium">{t('orders.receipt.title')}: </span>
        {t(STATUS_WORDS[receipt.status])}
      </p>
      {receipt.status === 'refused' && receipt.reason && (
        <p className="mt-1">
          {t('orders.receipt.reason')}: <q>{receipt.reason}</q>
        </p>
      )}
      {receipt.status === 'refused' && <p className="mt-1">{t('orders.receipt.fixHint')}</p>}
      {canResend && (
        <button
          type="button"
          className={`mt-2 ${btn.secondary}`}
          disabled={resending.isLoading}
          onClick={() => void sendAgain()}
        >
          {t('orders.receipt.resend')}
        </button>
      )}
    </div>
  );
}
