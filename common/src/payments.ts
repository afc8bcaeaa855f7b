// The payment's rules apart from its wire schemas (schemas/payment.ts): a storefront page that only
// names a method or a status does not load zod with them (first-load budget, decision 027).

/**
 * How a shopper pays: cash on delivery, online through Payme or Click (docs/decisions/011-payments.md),
 * or, for a company, by bank transfer against an invoice (decision 024), or monthly through an
 * Uzum Nasiya instalment contract (decision 026).
 */
export const PAYMENT_METHODS = ['cash', 'payme', 'click', 'uzum_nasiya', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ONLINE_PAYMENT_METHODS = ['payme', 'click', 'uzum_nasiya'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/**
 * `pending` while a provider's transaction is open (created or prepared, not yet performed or
 * completed); `failed` when the provider cancelled before any money moved (a declined card, a
 * closed page): the order and its stock stay until its time to pay ends; `cancelled` once the order is cancelled before any money arrived; `refunded` when
 * the provider returned a payment.
 */
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'failed', 'paid', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment statuses of an order still waiting for its money (before it is paid or cancelled). */
export const OPEN_PAYMENT_STATUSES = [
  'unpaid',
  'pending',
  'failed',
] as const satisfies readonly PaymentStatus[];

/**
 * An open order: still `new` and waiting for its money. It holds its stock, counts against its
 * phone's limit of open orders, and its time to pay runs.
 */
export const isOpenOrder = (order: { status: string; paymentStatus: PaymentStatus }): boolean =>
  order.status === 'new' && (OPEN_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(order.paymentStatus);

/**
 * What the courier takes at the door: the total of a cash-on-delivery order not yet paid, and
 * nothing for any other method (a transfer, a provider or an instalment is paid to the shop's
 * account, never to the courier) or once the money is in, returned or the order cancelled.
 */
export const amountToCollect = (order: {
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  total: number;
}): number =>
  order.paymentMethod === 'cash' &&
  (OPEN_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(order.paymentStatus)
    ? order.total
    : 0;

export const isOnlinePaymentMethod = (method: PaymentMethod): method is OnlinePaymentMethod =>
  (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/** A Click receipt: sent and registered, refused (by Click, or not buildable), or on its way. */
export const RECEIPT_STATUSES = ['sent', 'refused', 'pending'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
