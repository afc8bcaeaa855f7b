import { PhoneVerifiedBadge } from './phone-verified-badge';
import { useTranslation } from '../../../lib/use-translation';
import { formatSom, orderNumber, type Order, formatDateTime } from '@shop/common';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PaymentMethodName, PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { AdminTable } from '../../components/admin-table';
import { RowActionButton } from '../../components/row-action-button';
import { td } from '../../components/styles';

interface Props {
  orders: Order[];
  busy: boolean;
  onView: (order: Order) => void;
  onDelete: (order: Order) => void;
}

export function OrdersTable({ orders, busy, onView, onDelete }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <AdminTable
      caption={t('orders.tableCaption')}
      columns={[
        { label: t('orders.columns.id') },
        { label: t('orders.columns.customer') },
        { label: t('orders.columns.date') },
        { label: t('orders.columns.total') },
        { label: t('orders.columns.status') },
        { label: t('orders.columns.payment') },
        { label: t('orders.columns.actions'), alignRight: true },
      ]}
      busy={busy}
    >
      {orders.map((order) => (
        <OrderRow key={order._id} order={order} onView={onView} onDelete={onDelete} />
      ))}
    </AdminTable>
  );
}

function OrderRow({ order, onView, onDelete }: { order: Order } & Pick<Props, 'onView' | 'onDelete'>) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const number = orderNumber(order._id);
  return (
    <tr data-testid={`order-row-${order._id}`}>
      <td className={`${td} font-mono text-xs`}>{number}</td>
      <td className={td}>
        <span className="block font-medium">{order.customer.fullName}</span>
        <span className="block text-xs text-stone-600">
          {order.customer.phoneNumber}
          <PhoneVerifiedBadge order={order} />
        </span>
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(order.createdAt, i18n.language)}</td>
      <td className={`${td} whitespace-nowrap font-semibold`}>{formatSom(order.total, i18n.language)}</td>
      <td className={td}>
        <OrderStatusBadge status={order.status} />
      </td>
      <td className={td} data-testid="order-payment">
        <PaymentStatusBadge status={order.payment.status} />
        <span className="block text-xs text-stone-600">
          <PaymentMethodName method={order.payment.method} />
        </span>
      </td>
      <td className={`${td} text-right whitespace-nowrap`}>
        <div className="inline-flex gap-1">
          <RowActionButton
            label={t('orders.actions.viewNamed', { id: number })}
            onClick={() => onView(order)}
          >
            {t('orders.actions.view')}
          </RowActionButton>
          <RowActionButton
            label={t('orders.actions.deleteNamed', { id: number })}
            onClick={() => onDelete(order)}
            danger
          >
            {t('common.delete')}
          </RowActionButton>
        </div>
      </td>
    </tr>
  );
}
