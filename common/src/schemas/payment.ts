import { z } from 'zod';
import { LIMITS } from '../constants.js';

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

export const orderPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  paidAt: z.string().nullable(),
  /** The provider's payment page for this order, while an online order still waits for its money. */
  checkoutUrl: z.string().optional(),
  /** An instalment contract's terms: the months, the monthly payment and Uzum Nasiya's contract number. */
  instalment: z
    .object({ months: z.number().int(), monthly: z.number().int(), contractId: z.string() })
    .optional(),
  /** For staff: cash handed over for a cash order, who took it (null once their account is gone) and when. */
  cashReceived: z
    .object({
      amount: z.number().int(),
      by: z.object({ _id: z.string().nullable(), name: z.string() }),
      at: z.string(),
    })
    .optional(),
  /** The fiscal receipt of an online payment (the tax office's page), once the provider sent it. */
  receiptUrl: z.string().optional(),
  /**
   * For staff: how the shop's receipt of a Click payment stands at Click; `reason` is Click's own
   * words for a refused one (or what keeps it from being built), to fix the codes and send it again.
   */
  receipt: z.object({ status: z.enum(RECEIPT_STATUSES), reason: z.string().optional() }).optional(),
  /** For staff: the bank transfer they recorded for a bank-transfer order. */
  bankTransfer: z
    .object({
      amount: z.number().int(),
      paidAt: z.string(),
      reference: z.string(),
      by: z.object({ _id: z.string().nullable(), name: z.string() }),
      at: z.string(),
    })
    .optional(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** What resending a refused Click receipt answers: it is on its way again. */
export const receiptResentSchema = z.object({ status: z.literal('pending') });
export type ReceiptResent = z.infer<typeof receiptResentSchema>;

/** Body of "pay again" / "pay in cash on delivery" for an order whose online payment failed. */
export const paymentChangeSchema = z.object({ method: z.enum(PAYMENT_METHODS) });
export type PaymentChange = z.infer<typeof paymentChangeSchema>;

export const paymentMethodsSchema = z.object({ methods: z.array(z.enum(PAYMENT_METHODS)) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** Body of "cash received": the amount staff took, which must be the order's total. */
export const cashReceiptSchema = z.object({
  amount: z.number().int().min(0).max(LIMITS.maxPrice),
});
export type CashReceipt = z.infer<typeof cashReceiptSchema>;
