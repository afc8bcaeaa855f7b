import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime, formatSom, orderNumber, type CustomerOrder } from '@shop/common';
import { Modal } from '../../../components/ui/modal';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { ReceiptLink } from '../../../components/ui/receipt-link';
import { OrderDeliveryView } from '../../../entities/delivery/order-delivery-view';
import { OrderLineItem } from '../../../entities/order/order-line-item';

/** One order's lines, prices and total, in a dialog. */
export function OrderDetailsModal({ order, onClose }: { order: CustomerOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  return (
    <Modal open wide onClose={onClose} title={t('myOrders.orderTitle', { number: orderNumber(order._id) })}>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('myOrders.date')}</dt>
        <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
        <dt className="text-stone-600">{t('myOrders.status')}</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
        </dd>
        <dt className="text-stone-600">{t('myOrders.customer')}</dt>
        <dd>
          {order.customer.fullName}, {order.customer.phoneNumber}
        </dd>
        {order.payment.receiptUrl && (
          <>
            <dt className="text-stone-600">{t('common:payment.receipt')}</dt>
            <dd>
              <ReceiptLink url={order.payment.receiptUrl} />
            </dd>
          </>
        )}
      </dl>
      <ul className="flex flex-col divide-y divide-stone-100">
        {order.products.map((line, index) => (
          <OrderLineItem key={`${line.product._id}-${line.color}-${index}`} line={line} detailed />
        ))}
      </ul>
      {order.delivery && (
        <div className="mt-3 border-t border-stone-200 pt-3">
          <OrderDeliveryView delivery={order.delivery} />
        </div>
      )}
      <p className="mt-3 flex justify-between border-t border-stone-200 pt-3 font-bold">
        <span>{t('myOrders.total')}</span>
        <span>{formatSom(order.total, i18n.language)}</span>
      </p>
    </Modal>
  );
}
