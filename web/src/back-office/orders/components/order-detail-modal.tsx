import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { orderNumber, type Order } from '@shop/common';
import { Modal } from '../../../components/ui/modal';
import { btn } from '../../components/styles';
import { useOrderEdits } from '../hooks/use-order-edits';
import { OrderDeliveryPanel } from './order-delivery-panel';
import { OrderFacts } from './order-facts';
import { OrderLinesEditor } from './order-lines-editor';
import { OrderNotes } from './order-notes';
import { OrderPaymentPanel } from './order-payment-panel';
import { OrderStatusButtons } from './order-status-buttons';

interface Props {
  order: Order;
  onClose: () => void;
  onDelete: (order: Order) => void;
}

/** One order for staff: its facts, payment and delivery, its lines to edit, notes, status, and delete. */
export function OrderDetailModal({ order, onClose, onDelete }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
  const edits = useOrderEdits(order);
  const paymentNoteId = `${uid}-payment-note`;
  return (
    <Modal open title={t('orders.detail.title', { id: orderNumber(order._id) })} onClose={onClose} wide>
      <div className="space-y-5">
        <OrderFacts order={order} />
        <OrderPaymentPanel order={order} noteId={paymentNoteId} />
        <OrderDeliveryPanel key={order.updatedAt} order={order} />
        <section aria-labelledby={`${uid}-products`}>
          <h3 id={`${uid}-products`} className="mb-2 font-semibold">
            {t('orders.detail.products')}
          </h3>
          <OrderLinesEditor
            lines={order.products}
            saving={edits.pending === 'lines'}
            onSave={edits.saveLines}
          />
        </section>
        <OrderNotes
          notes={order.notes}
          saving={edits.pending === 'notes'}
          disabled={edits.busy}
          onSave={(notes) => void edits.saveNotes(notes)}
        />
        <OrderStatusButtons
          order={order}
          disabled={edits.busy}
          paymentNoteId={paymentNoteId}
          onSet={(status) => void edits.setStatus(status)}
        />
        <div className="flex flex-wrap justify-between gap-2 border-t border-stone-200 pt-4">
          <button type="button" className={btn.danger} onClick={() => onDelete(order)} disabled={edits.busy}>
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
