import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime, formatSom, orderNumber, type CustomerOrder } from '@shop/common';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';

/**
 * The orders as cards, for a phone: a six-column table does not fit 390 px, and its total wrapped
 * digit group by digit group. Each card keeps the number and the total on one line.
 */
export function OrderCards({
  orders,
  onDetails,
}: {
  orders: CustomerOrder[];
  onDetails: (order: CustomerOrder) => void;
}) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  return (
    <ul className="divide-y divide-stone-100" data-testid="order-cards">
      {orders.map((order) => {
        const number = orderNumber(order._id);
        const items = order.products.reduce((sum, line) => sum + line.quantity, 0);
        return (
          <li key={order._id} className="px-4 py-4" data-testid="order-card" aria-label={number}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-mono font-semibold">{number}</span>
              <span className="whitespace-nowrap font-semibold" data-testid="order-card-total">
                {formatSom(order.total, i18n.language)}
              </span>
            </div>
            <p className="mt-1 text-sm text-stone-600">
              {formatDateTime(order.createdAt, i18n.language)} · {t('myOrders.itemCount', { count: items })}
            </p>
            <div className="mt-2 flex items-center justify-between gap-3">
              <OrderStatusBadge status={order.status} />
              <button
                type="button"
                onClick={() => onDetails(order)}
                className="font-medium text-brand-700 hover:underline"
                aria-label={`${t('myOrders.details')} ${number}`}
              >
                {t('myOrders.details')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
