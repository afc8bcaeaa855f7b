import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { Check, Clock, X } from 'lucide-react';
import { formatSom, type ShopperOrder } from '@shop/common';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PaymentMethodName, PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { Spinner } from '../../../components/ui/spinner';
import { OrderDeliveryView } from '../../../entities/delivery/order-delivery-view';
import { orderPaymentApi, useGetShopperOrderQuery, type OrderLink } from '../api/order-payment-api';
import { awaitsOnlinePayment, paymentNote, PAYMENT_POLL_MS } from '../lib/payment-progress';
import { InstalmentSigning, InstalmentTermsLine } from './instalment-signing';
import { OrderSummaryLines } from './order-summary-lines';
import { canRetryPayment, PaymentRetry } from './payment-retry';
import { ReceiptLink } from '../../../components/ui/receipt-link';

/** 400 (not an id) and 404 (no such order, or not this link's) will not change by asking again. */
function isMissing(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 404 || status === 400;
}

const ICONS = {
  done: { Icon: Check, tone: 'bg-emerald-100 text-emerald-700' },
  waiting: { Icon: Clock, tone: 'bg-amber-100 text-amber-800' },
  cancelled: { Icon: X, tone: 'bg-red-100 text-red-700' },
};

/** The page a link opens to nothing: a wrong or missing key looks exactly like no order. */
export function OrderNotFound() {
  const { t } = useTranslation(['storefront', 'common']);
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
}

/**
 * Where every placed order lands, and where Payme and Click send the shopper back: the order and
 * its live payment state, asked again every few seconds until the provider has settled it.
 */
export function OrderConfirmation({ link, months }: { link: OrderLink; months?: number }) {
  const { t } = useTranslation(['storefront', 'common']);
  // The last answer decides whether to keep asking: it stops once paid, cancelled or refunded.
  const last = orderPaymentApi.endpoints.getShopperOrder.useQueryState(link);
  const live = last.data ? awaitsOnlinePayment(last.data) : !isMissing(last.error);
  const query = useGetShopperOrderQuery(link, { pollingInterval: live ? PAYMENT_POLL_MS : 0 });
  const order = query.data;

  if (!order) {
    if (isMissing(query.error)) return <OrderNotFound />;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <Spinner />
        <p className="text-stone-600">
          {t(query.error ? 'confirmation.loadFailed' : 'confirmation.loading')}
        </p>
      </div>
    );
  }

  const cancelled = order.status === 'cancelled';
  const waiting = awaitsOnlinePayment(order);
  const icon = cancelled ? ICONS.cancelled : waiting ? ICONS.waiting : ICONS.done;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center sm:py-20">
      <div className={`flex h-16 w-16 items-center justify-center rounded-full ${icon.tone}`}>
        <icon.Icon size={36} strokeWidth={3} />
      </div>
      <h1 className="mt-6 text-3xl font-bold">
        {t(cancelled ? 'confirmation.cancelledTitle' : 'confirmation.title')}
      </h1>
      <p className="mt-3 text-stone-700" aria-live="polite" data-testid="payment-note">
        {t(`confirmation.paymentNote.${paymentNote(order)}`)}
      </p>
      <OrderFacts order={order} />
      <div className="mt-4 w-full rounded-xl border border-stone-200 bg-white px-4 py-4 text-left sm:px-6">
        <OrderDeliveryView delivery={order.delivery} />
      </div>
      {order.invoiceNumber && <InvoiceLink order={order} link={link} />}
      {waiting && order.payment.method === 'uzum_nasiya' && (
        <InstalmentSigning order={order} link={link} months={months} onChanged={() => void query.refetch()} />
      )}
      {waiting && order.payment.status === 'unpaid' && order.payment.checkoutUrl && (
        // Back without paying: the same order can still be paid on the provider's page.
        <a
          href={order.payment.checkoutUrl}
          className="mt-8 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t('confirmation.payNow')}
        </a>
      )}
      {canRetryPayment(order) && <PaymentRetry order={order} link={link} />}
      <p className="mt-6 text-sm text-stone-700" data-testid="lookup-hint">
        {t('confirmation.lookupHint')}{' '}
        <Link to="/portfolio" className="font-semibold text-brand-700 underline">
          {t('confirmation.lookupLink')}
        </Link>
      </p>
      <Link to="/products" className="mt-6 font-semibold text-brand-700 underline">
        {t('cart.continueShopping')}
      </Link>
    </div>
  );
}

/** A company order's invoice, opened with the order's own link (its key), in Russian or Uzbek words. */
function InvoiceLink({ order, link }: { order: ShopperOrder; link: OrderLink }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const params = new URLSearchParams({ lang: i18n.language === 'ru' ? 'ru' : 'uz' });
  if (link.orderKey) params.set('key', link.orderKey);
  return (
    <a
      href={`/api/orders/${order._id}/invoice.pdf?${params.toString()}`}
      target="_blank"
      rel="noreferrer"
      className="mt-6 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
      data-testid="invoice-link"
    >
      {t('confirmation.invoice', { number: order.invoiceNumber })}
    </a>
  );
}

function OrderFacts({ order }: { order: ShopperOrder }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  return (
    <div className="mt-6 w-full rounded-xl border border-stone-200 bg-white px-4 py-4 text-left sm:px-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-stone-600">{t('confirmation.orderNumber')}</dt>
        <dd className="font-mono font-semibold" data-testid="order-number">
          {order.orderNumber}
        </dd>
        <dt className="text-stone-600">{t('confirmation.orderStatus')}</dt>
        <dd data-testid="order-status">
          <OrderStatusBadge status={order.status} />
        </dd>
        <dt className="text-stone-600">{t('confirmation.paymentMethod')}</dt>
        <dd>
          <PaymentMethodName method={order.payment.method} />
        </dd>
        <dt className="text-stone-600">{t('confirmation.paymentStatus')}</dt>
        <dd data-testid="payment-status">
          <PaymentStatusBadge status={order.payment.status} />
        </dd>
        {order.payment.receiptUrl && (
          <>
            <dt className="text-stone-600">{t('common:payment.receipt')}</dt>
            <dd>
              <ReceiptLink url={order.payment.receiptUrl} />
            </dd>
          </>
        )}
        <InstalmentTermsLine order={order} />
      </dl>
      <OrderSummaryLines lines={order.products} />
      {order.promo && (
        <p className="flex justify-between text-sm" data-testid="order-promo">
          <span>
            {t(order.promo.kind === 'free_delivery' ? 'common:promo.freeDelivery' : 'common:promo.discount', {
              code: order.promo.code,
            })}
          </span>
          <span className="whitespace-nowrap">−{formatSom(order.promo.discount, i18n.language)}</span>
        </p>
      )}
      <p className="flex justify-between border-t border-stone-200 pt-3 font-bold">
        <span>{t('confirmation.total')}</span>
        <span className="whitespace-nowrap" data-testid="order-total">
          {formatSom(order.total, i18n.language)}
        </span>
      </p>
    </div>
  );
}
