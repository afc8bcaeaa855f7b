import { formatDateTime } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '@shop/common';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PhoneVerifiedBadge } from './phone-verified-badge';

/** Who ordered (the phone a link to call), when the order was made and changed, and its status. */
export function OrderFacts({ order }: { order: Order }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  return (
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
          <PhoneVerifiedBadge order={order} />
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
  );
}
