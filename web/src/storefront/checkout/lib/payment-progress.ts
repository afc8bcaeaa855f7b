import { isOnlinePaymentMethod, type ShopperOrder } from '@shop/common';

/** How often the confirmation page asks again while the provider has not settled the payment. */
export const PAYMENT_POLL_MS = 3000;

/**
 * True while an online payment can still arrive: the order is open and not paid. Cash orders are
 * paid at the door, and a paid, cancelled or refunded payment does not change by itself.
 */
export function awaitsOnlinePayment(state: ShopperOrder): boolean {
  return (
    isOnlinePaymentMethod(state.payment.method) &&
    state.status !== 'cancelled' &&
    (state.payment.status === 'unpaid' || state.payment.status === 'pending')
  );
}

export type PaymentNote = 'cash' | 'bankTransfer' | ShopperOrder['payment']['status'];

/** Which sentence explains the payment to the shopper. */
export function paymentNote(state: ShopperOrder): PaymentNote {
  if (state.payment.method === 'cash' && state.payment.status === 'unpaid') return 'cash';
  if (state.payment.method === 'bank_transfer' && state.payment.status === 'unpaid') return 'bankTransfer';
  return state.payment.status;
}
