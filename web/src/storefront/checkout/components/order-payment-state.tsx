import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, Clock, X } from 'lucide-react';
import { formatSom, orderNumber } from '@shop/common';
import { PaymentMethodName, PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { OrderDeliveryView } from '../../../entities/delivery/order-delivery-view';
import { Spinner } from '../../../components/ui/spinner';
import { orderPaymentApi, useGetOrderPaymentQuery } from '../api/order-payment-api';
import { awaitsOnlinePayment, paymentNote, PAYMENT_POLL_MS } from '../lib/payment-progress';

/** 400 (not an id) and 404 (no such order) will not change by asking again. */
function isMissing(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 404 || status === 400;
}

const ICONS = {
  done: { Icon: Check, tone: 'bg-emerald-100 text-emerald-700' },
  waiting: { Icon: Clock, tone: 'bg-amber-100 text-amber-800' },
  cancelled: { Icon: X, tone: 'bg-red-100 text-red-700' },
};

/**
 * Where Payme and Click send the shopper back (`/order-confirmation?order={id}`): the order's live
 * payment state, asked again every few seconds until the provider has settled it.
 */
export function OrderPaymentState({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  // The last answer decides whether to keep asking: it stops once paid, cancelled or refunded.
  const last = orderPaymentApi.endpoints.getOrderPayment.useQueryState(orderId);
  const live = last.data ? awaitsOnlinePayment(last.data) : !isMissing(last.error);
  const query = useGetOrderPaymentQuery(orderId, { pollingInterval: live ? PAYMENT_POLL_MS : 0 });
  const state = query.data;

  if (!state) {
    if (isMissing(query.error))
      return (
        <div className="mx-auto max-w-xl px-4 py-20 text-center">
          <p role="alert" className="text-stone-700">
            {t('confirmation.notFound')}
          </p>
          <Link to="/products" className="mt-6 inline-block font-semibold text-brand-700 underline">
            {t('cart.continueShopping')}
          </Link>
        </div>
      );
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <Spinner />
        <p className="text-stone-600">
          {t(query.error ? 'confirmation.loadFailed' : 'confirmation.loading')}
        </p>
      </div>
    );
  }

  const cancelled = state.status === 'cancelled';
  const waiting = awaitsOnlinePayment(state);
  const icon = cancelled ? ICONS.cancelled : waiting ? ICONS.waiting : ICONS.done;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <div className={`flex h-16 w-16 items-center justify-center rounded-full ${icon.tone}`}>
        <icon.Icon size={36} strokeWidth={3} />
      </div>
      <h1 className="mt-6 text-3xl font-bold">
        {t(cancelled ? 'confirmation.cancelledTitle' : 'confirmation.title')}
      </h1>
      <p className="mt-3 text-stone-700" aria-live="polite" data-testid="payment-note">
        {t(`confirmation.paymentNote.${paymentNote(state)}`)}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl border border-stone-200 bg-white px-6 py-4 text-left">
        <dt className="text-stone-600">{t('confirmation.orderNumber')}</dt>
        <dd className="font-mono font-semibold" data-testid="order-number">
          {orderNumber(state._id)}
        </dd>
        <dt className="text-stone-600">{t('confirmation.total')}</dt>
        <dd className="font-semibold">{formatSom(state.total, i18n.language)}</dd>
        <dt className="text-stone-600">{t('confirmation.paymentMethod')}</dt>
        <dd>
          <PaymentMethodName method={state.payment.method} />
        </dd>
        <dt className="text-stone-600">{t('confirmation.paymentStatus')}</dt>
        <dd data-testid="payment-status">
          <PaymentStatusBadge status={state.payment.status} />
        </dd>
      </dl>
      {state.delivery && (
        <div className="mt-4 w-full rounded-xl border border-stone-200 bg-white px-6 py-4 text-left">
          <OrderDeliveryView delivery={state.delivery} />
        </div>
      )}
      {waiting && state.payment.status === 'unpaid' && state.payment.checkoutUrl && (
        // Back without paying: the same order can still be paid on the provider's page.
        <a
          href={state.payment.checkoutUrl}
          className="mt-8 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t('confirmation.payNow')}
        </a>
      )}
      <Link to="/products" className="mt-6 font-semibold text-brand-700 underline">
        {t('cart.continueShopping')}
      </Link>
    </div>
  );
}
