import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ORDER_STATUSES, orderNumber, type Order, type OrderLine, type OrderStatus } from '@shop/common';
import { Modal } from '../../../components/ui/modal';
import { apiErrorMessage } from '../../../lib/api-error';
import { btn, input, label } from '../../components/styles';
import { formatDateTime } from '../../lib/dates';
import { useUpdateOrderMutation } from '../api/staff-orders-api';
import { linesPatch } from '../lib/order-lines';
import { OrderLinesEditor } from './order-lines-editor';
import { cancelNeedsRefund, OrderPaymentPanel } from './order-payment-panel';
import { OrderStatusBadge, statusBadgeClass } from '../../../components/ui/order-status-badge';

interface Props {
  order: Order;
  onClose: () => void;
  onDelete: (order: Order) => void;
}

export function OrderDetailModal({ order, onClose, onDelete }: Props) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const uid = useId();
  const [updateOrder, updating] = useUpdateOrderMutation();
  const [notes, setNotes] = useState(order.notes);
  const [pending, setPending] = useState<'status' | 'lines' | 'notes' | null>(null);
  const [notesSeen, setNotesSeen] = useState(order.notes);
  if (notesSeen !== order.notes) {
    setNotesSeen(order.notes);
    setNotes(order.notes);
  }

  async function setStatus(status: OrderStatus) {
    setPending('status');
    try {
      await updateOrder({ id: order._id, patch: { status } }).unwrap();
      toast.success(t('orders.toasts.updateSuccess'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.updateFailed'));
    } finally {
      setPending(null);
    }
  }

  async function saveLines(lines: OrderLine[]): Promise<boolean> {
    setPending('lines');
    try {
      await updateOrder({ id: order._id, patch: linesPatch(lines) }).unwrap();
      toast.success(t('orders.toasts.lineUpdated'));
      return true;
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.lineUpdateFailed'));
      return false;
    } finally {
      setPending(null);
    }
  }

  async function saveNotes() {
    setPending('notes');
    try {
      await updateOrder({ id: order._id, patch: { notes } }).unwrap();
      toast.success(t('orders.toasts.notesUpdated'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.updateFailed'));
    } finally {
      setPending(null);
    }
  }

  const busy = updating.isLoading;
  return (
    <Modal open title={t('orders.detail.title', { id: orderNumber(order._id) })} onClose={onClose} wide>
      <div className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-stone-600">{t('orders.detail.customer')}</dt>
            <dd className="font-medium">{order.customer.fullName}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t('orders.detail.phone')}</dt>
            <dd className="font-medium">
              <a className="text-brand-700 underline" href={`tel:${order.customer.phoneNumber}`}>
                {order.customer.phoneNumber}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">{t('orders.detail.createdAt')}</dt>
            <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t('orders.detail.updatedAt')}</dt>
            <dd>{formatDateTime(order.updatedAt, i18n.language)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t('orders.detail.status')}</dt>
            <dd data-testid="order-detail-status">
              <OrderStatusBadge status={order.status} />
            </dd>
          </div>
        </dl>

        <OrderPaymentPanel order={order} noteId={`${uid}-payment-note`} />

        <section aria-labelledby={`${uid}-products`}>
          <h3 id={`${uid}-products`} className="mb-2 font-semibold">
            {t('orders.detail.products')}
          </h3>
          <OrderLinesEditor lines={order.products} saving={pending === 'lines'} onSave={saveLines} />
        </section>

        <section>
          <label htmlFor={`${uid}-notes`} className={label}>
            {t('orders.detail.notes')}
          </label>
          <textarea
            id={`${uid}-notes`}
            rows={3}
            className={input}
            value={notes}
            placeholder={t('orders.detail.notesPlaceholder')}
            onChange={(e) => setNotes(e.target.value)}
          />
          <button
            type="button"
            className={`${btn.secondary} mt-2`}
            onClick={() => void saveNotes()}
            disabled={busy || notes === order.notes}
          >
            {pending === 'notes' ? t('common.saving') : t('orders.detail.saveNotes')}
          </button>
        </section>

        <section aria-labelledby={`${uid}-status`}>
          <h3 id={`${uid}-status`} className="mb-2 font-semibold">
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
                  disabled={current || busy || refundFirst}
                  aria-pressed={current}
                  aria-describedby={refundFirst ? `${uid}-payment-note` : undefined}
                  onClick={() => void setStatus(status)}
                >
                  {t(`orderStatus.${status}`)}
                </button>
              );
            })}
          </div>
        </section>

        <div className="flex flex-wrap justify-between gap-2 border-t border-stone-200 pt-4">
          <button type="button" className={btn.danger} onClick={() => onDelete(order)} disabled={busy}>
            {t('orders.detail.deleteOrder')}
          </button>
          <button type="button" className={btn.secondary} onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
