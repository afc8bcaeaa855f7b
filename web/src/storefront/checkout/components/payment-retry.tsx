import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ShopperOrder } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { useChangeOrderPaymentMutation, type OrderLink } from '../api/order-payment-api';

/**
 * A failed online payment keeps the order until its time to pay ends: the shopper picks how to go
 * on. An instalment order with no contract yet may leave instalments for cash just the same.
 */
export const canRetryPayment = (order: ShopperOrder): boolean =>
  order.status !== 'cancelled' &&
  (order.payment.status === 'failed' ||
    (order.payment.method === 'uzum_nasiya' && order.payment.status === 'unpaid'));

/**
 * "Pay again" (a fresh checkout on the same provider's page) and "pay in cash on delivery", for
 * an order whose online payment was declined or abandoned.
 */
export function PaymentRetry({ order, link }: { order: ShopperOrder; link: OrderLink }) {
  const { t } = useTranslation(['storefront', 'common']);
  const [changePayment, state] = useChangeOrderPaymentMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const method = order.payment.method;
  const online = method === 'payme' || method === 'click' ? method : null;

  async function choose(method: ShopperOrder['payment']['method']) {
    setProblem(null);
    try {
      const changed = await changePayment({ ...link, method }).unwrap();
      if (changed.payment.checkoutUrl) window.location.assign(changed.payment.checkoutUrl);
    } catch (error) {
      setProblem(apiErrorMessage(error, t, 'storefront:confirmation.changeFailed'));
    }
  }

  return (
    <div className="mt-8 flex w-full flex-col items-center gap-3" data-testid="payment-retry">
      <div className="flex flex-wrap justify-center gap-3">
        {online && (
          <button
            type="button"
            disabled={state.isLoading}
            onClick={() => void choose(online)}
            className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {t('confirmation.payAgain')}
          </button>
        )}
        <button
          type="button"
          disabled={state.isLoading}
          onClick={() => void choose('cash')}
          className="rounded-lg border border-stone-300 px-6 py-3 font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60"
        >
          {t('confirmation.payCash')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
