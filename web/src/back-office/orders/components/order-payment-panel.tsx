import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { formatSom, orderNumber, type Order, formatDateTime } from '@shop/common';
import { PaymentMethodName, PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { ReceiptLink } from '../../../components/ui/receipt-link';
import { apiErrorMessage } from '../../../lib/api-error';
import type { AdminKey } from '../../../lib/translate';
import { InlineConfirm } from '../../components/inline-confirm';
import { btn } from '../../components/styles';
import { useUpdateOrderMutation } from '../api/staff-orders-api';
import { awaitsCash, CashReceiptAction } from './cash-receipt-action';
import { CompanyPayment } from './bank-transfer-panel';
import { ClickReceiptStatus } from './click-receipt-status';

const PAID_NOTES = {
  payme: 'orders.payment.paidPayme',
  click: 'orders.payment.paidClick',
  cash: 'orders.payment.paidCash',
  bank_transfer: 'orders.payment.paidBankTransfer',
  uzum_nasiya: 'orders.payment.paidUzumNasiya',
} as const satisfies Record<Order['payment']['method'], AdminKey>;

/** How a paid order is cancelled, in its own method's words; Payme refunds cancel by themselves. */
const CANCEL_WORDING = {
  click: { button: 'orders.payment.cancelWithRefund', confirm: 'orders.payment.refundConfirm' },
  cash: { button: 'orders.payment.cancelWithCashRefund', confirm: 'orders.payment.refundCashConfirm' },
  bank_transfer: {
    button: 'orders.payment.cancelWithTransferRefund',
    confirm: 'orders.payment.refundTransferConfirm',
  },
  uzum_nasiya: { button: 'orders.payment.cancelContract', confirm: 'orders.payment.cancelContractConfirm' },
} as const satisfies Record<
  Exclude<Order['payment']['method'], 'payme'>,
  Record<'button' | 'confirm', AdminKey>
>;

/** What staff are told about the money, keyed by the state they can act on (decision 011). */
function paymentNoteKey(order: Order): AdminKey | null {
  const { method, status } = order.payment;
  if (status === 'paid') return PAID_NOTES[method];
  if (status === 'pending') return 'orders.payment.pending';
  if (status === 'failed') return 'orders.payment.failed';
  if (status === 'refunded') return 'orders.payment.refunded';
  return null;
}

/** A paid order is cancelled only through its refund: Payme's arrives by itself, Click's and cash's are confirmed here. */
export const cancelNeedsRefund = (order: Order): boolean =>
  order.payment.status === 'paid' && order.status !== 'cancelled';

/**
 * The payment part of the order detail: method, state, when it was paid (and for cash, who took
 * it), the provider's page while it waits, "cash received" for an open cash order, and for a paid
 * order not paid through Payme the one way to cancel it — after giving the money back.
 */
export function OrderPaymentPanel({ order, noteId }: { order: Order; noteId: string }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const uid = useId();
  const { payment } = order;
  const note = paymentNoteKey(order);

  return (
    <section aria-labelledby={`${uid}-payment`} data-testid="order-payment-panel">
      <h3 id={`${uid}-payment`} className="mb-2 font-semibold">
        {t('orders.payment.title')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-600">{t('orders.payment.method')}</dt>
          <dd className="font-medium">
            <PaymentMethodName method={payment.method} />
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('orders.payment.status')}</dt>
          <dd>
            <PaymentStatusBadge status={payment.status} />
          </dd>
        </div>
        {payment.paidAt && (
          <div>
            <dt className="text-stone-600">{t('orders.payment.paidAt')}</dt>
            <dd>{formatDateTime(payment.paidAt, i18n.language)}</dd>
          </div>
        )}
        {payment.cashReceived && (
          <div className="col-span-2 sm:col-span-3" data-testid="cash-received">
            <dt className="text-stone-600">{t('orders.payment.cashReceived')}</dt>
            <dd>
              {t('orders.payment.cashReceivedValue', {
                amount: formatSom(payment.cashReceived.amount, i18n.language),
                name: payment.cashReceived.by.name,
                at: formatDateTime(payment.cashReceived.at, i18n.language),
              })}
            </dd>
          </div>
        )}
        {payment.receiptUrl && (
          <div>
            <dt className="text-stone-600">{t('common:payment.receipt')}</dt>
            <dd>
              <ReceiptLink url={payment.receiptUrl} />
            </dd>
          </div>
        )}
        {payment.instalment && (
          <div className="col-span-2 sm:col-span-3" data-testid="instalment">
            <dt className="text-stone-600">{t('orders.payment.instalment')}</dt>
            <dd>
              {t('orders.payment.instalmentValue', {
                months: payment.instalment.months,
                monthly: formatSom(payment.instalment.monthly, i18n.language),
                contractId: payment.instalment.contractId,
              })}
            </dd>
          </div>
        )}
        {payment.checkoutUrl && (
          <div>
            <dt className="text-stone-600">{t('orders.payment.checkoutUrl')}</dt>
            <dd>
              <a
                className="text-brand-700 underline"
                href={payment.checkoutUrl}
                target="_blank"
                rel="noreferrer"
              >
                {t('orders.payment.openCheckout')}
              </a>
            </dd>
          </div>
        )}
      </dl>
      {note && (
        <p id={noteId} className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t(note)}
        </p>
      )}
      <ClickReceiptStatus order={order} />
      {awaitsCash(order) && <CashReceiptAction order={order} />}
      <CompanyPayment order={order} />
      {cancelNeedsRefund(order) && payment.method !== 'payme' && (
        <CancelPaidOrder order={order} method={payment.method} />
      )}
    </section>
  );
}

/** The one way to cancel a paid order here: confirm that the money went back the way it came. */
function CancelPaidOrder({ order, method }: { order: Order; method: keyof typeof CANCEL_WORDING }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [updateOrder, updating] = useUpdateOrderMutation();
  const [confirming, setConfirming] = useState(false);
  const wording = CANCEL_WORDING[method];

  async function cancelRefunded() {
    try {
      await updateOrder({ id: order._id, patch: { status: 'cancelled', paymentRefunded: true } }).unwrap();
      toast.success(t('orders.payment.refundRecorded'));
      setConfirming(false);
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.updateFailed'));
    }
  }

  return (
    <div className="mt-2">
      {confirming ? (
        <InlineConfirm
          title={t('orders.payment.refundConfirmTitle')}
          message={t(wording.confirm, {
            id: orderNumber(order._id),
            total: formatSom(order.total, i18n.language),
          })}
          confirmLabel={t('orders.payment.refundConfirmAction')}
          tone="danger"
          busy={updating.isLoading}
          onConfirm={() => void cancelRefunded()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className={btn.secondary} onClick={() => setConfirming(true)}>
          {t(wording.button)}
        </button>
      )}
    </div>
  );
}
