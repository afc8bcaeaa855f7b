import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { formatSom, orderNumber, orderDeliverySchema } from '@shop/common';
import { OrderDeliveryView } from '../../entities/delivery/order-delivery-view';
import { OrderPaymentState } from './components/order-payment-state';

interface ConfirmationState {
  orderId?: unknown;
  orderTotal?: unknown;
  delivery?: unknown;
}

/**
 * `?order={id}` (the return from Payme or Click, guest or signed in; the route guards the rest):
 * the live payment state. Otherwise orderId, orderTotal and delivery from navigation state; without them it goes to /.
 */
export default function OrderConfirmationPage() {
  const { t, i18n } = useTranslation('storefront');
  const state = (useLocation().state ?? {}) as ConfirmationState;
  const orderParam = useSearchParams()[0].get('order');
  if (orderParam) return <OrderPaymentState key={orderParam} orderId={orderParam} />;
  if (typeof state.orderId !== 'string' || typeof state.orderTotal !== 'number')
    return <Navigate to="/" replace />;
  // History state outlives releases: shown only when it still reads as a delivery.
  const delivery = orderDeliverySchema.safeParse(state.delivery);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <Check size={36} strokeWidth={3} />
      </div>
      <h1 className="mt-6 text-3xl font-bold">{t('confirmation.title')}</h1>
      <p className="mt-3 text-stone-700">{t('confirmation.thanks')}</p>
      <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl border border-stone-200 bg-white px-6 py-4 text-left">
        <dt className="text-stone-600">{t('confirmation.orderNumber')}</dt>
        <dd className="font-mono font-semibold" data-testid="order-number">
          {orderNumber(state.orderId)}
        </dd>
        <dt className="text-stone-600">{t('confirmation.total')}</dt>
        <dd className="font-semibold">{formatSom(state.orderTotal, i18n.language)}</dd>
      </dl>
      {delivery.success && (
        <div className="mt-4 w-full rounded-xl border border-stone-200 bg-white px-6 py-4 text-left">
          <OrderDeliveryView delivery={delivery.data} />
        </div>
      )}
      <Link
        to="/products"
        className="mt-8 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {t('cart.continueShopping')}
      </Link>
    </div>
  );
}
