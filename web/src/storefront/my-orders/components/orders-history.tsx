import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime, formatSom, orderNumber, type CustomerOrder } from '@shop/common';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { Spinner } from '../../../components/ui/spinner';
import { OrderCards } from './order-cards';

/** The shopper's orders, cards on a phone and a table on a wider screen, each opening its details. */
export function OrdersHistory({
  orders,
  busy,
  onDetails,
}: {
  orders: CustomerOrder[];
  busy: boolean;
  onDetails: (order: CustomerOrder) => void;
}) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  return (
    <section aria-labelledby="my-orders-history" className="rounded-xl border border-stone-200 bg-white">
      <h2 id="my-orders-history" className="border-b border-stone-200 px-5 py-4 text-lg font-semibold">
        {t('myOrders.history', { count: orders.length })}
      </h2>
      {busy && (
        <div className="p-4">
          <Spinner />
        </div>
      )}
      {orders.length === 0 && (
        <p className="px-5 py-6 text-stone-700" data-testid="portfolio-empty">
          {t('myOrders.noAccountOrders')}{' '}
          <Link to="/products" className="font-medium text-brand-700 hover:underline">
            {t('myOrders.startShopping')}
          </Link>
        </p>
      )}
      {orders.length > 0 && (
        <div className="md:hidden">
          <OrderCards orders={orders} onDetails={onDetails} />
        </div>
      )}
      {/* `relative`: the absolutely placed sr-only header would otherwise widen the whole page. */}
      <div className={orders.length === 0 ? 'hidden' : 'relative hidden overflow-x-auto md:block'}>
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead className="bg-stone-50 text-stone-700">
            <tr>
              <th scope="col" className="px-5 py-3">
                {t('myOrders.orderNumber')}
              </th>
              <th scope="col" className="px-5 py-3">
                {t('myOrders.date')}
              </th>
              <th scope="col" className="px-5 py-3">
                {t('myOrders.items')}
              </th>
              <th scope="col" className="px-5 py-3">
                {t('myOrders.total')}
              </th>
              <th scope="col" className="px-5 py-3">
                {t('myOrders.status')}
              </th>
              <th scope="col" className="px-5 py-3">
                <span className="sr-only">{t('myOrders.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order._id} className="border-t border-stone-100">
                <td className="px-5 py-3 font-mono">{orderNumber(order._id)}</td>
                <td className="px-5 py-3">{formatDateTime(order.createdAt, i18n.language)}</td>
                <td className="px-5 py-3">
                  {t('myOrders.itemCount', {
                    count: order.products.reduce((sum, line) => sum + line.quantity, 0),
                  })}
                </td>
                <td className="whitespace-nowrap px-5 py-3 font-semibold">
                  {formatSom(order.total, i18n.language)}
                </td>
                <td className="px-5 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-5 py-3 text-right">
                  <button
                    type="button"
                    onClick={() => onDetails(order)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {t('myOrders.details')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
