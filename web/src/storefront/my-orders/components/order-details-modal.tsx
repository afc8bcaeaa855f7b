import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime, formatSom, orderNumber, thumbnailUrl, type CustomerOrder } from '@shop/common';
import { ColorDot, useColorName } from '../../../components/ui/color-swatch';
import { Modal } from '../../../components/ui/modal';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { ReceiptLink } from '../../../components/ui/receipt-link';
import { ProductImage } from '../../../components/ui/product-image';
import { OrderDeliveryView } from '../../../entities/delivery/order-delivery-view';
import { useProductText } from '../../../entities/product/product-text';

/** One order's lines, prices and total, in a dialog. */
export function OrderDetailsModal({ order, onClose }: { order: CustomerOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const colorName = useColorName();
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
        {order.products.map((line, index) => {
          const unit = line.discountedPrice ?? line.price;
          return (
            <li key={`${line.product._id}-${line.color}-${index}`} className="flex gap-3 py-3">
              <ProductImage
                src={thumbnailUrl(line.product.productImages[0])}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 rounded bg-stone-100 object-cover"
              />
              <div className="flex-1 text-sm">
                <p className="font-medium">{text.name(line.product)}</p>
                <p className="flex items-center gap-1 text-stone-600">
                  {line.color && (
                    <>
                      <ColorDot color={line.color} /> {colorName(line.color)} ·{' '}
                    </>
                  )}
                  {t('myOrders.quantity', { count: line.quantity })}
                </p>
                <p>
                  {formatSom(unit, i18n.language)}
                  {line.discountedPrice !== null && line.discountedPrice < line.price && (
                    <del className="ml-2 text-stone-500">{formatSom(line.price, i18n.language)}</del>
                  )}
                </p>
              </div>
              <p className="text-sm font-semibold">{formatSom(unit * line.quantity, i18n.language)}</p>
            </li>
          );
        })}
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
