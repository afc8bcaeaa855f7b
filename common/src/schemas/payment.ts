import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { orderDeliverySchema } from './delivery.js';

/** How a shopper pays: cash on delivery, or online through Payme or Click (docs/decisions/011-payments.md). */
export const PAYMENT_METHODS = ['cash', 'payme', 'click'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ONLINE_PAYMENT_METHODS = ['payme', 'click'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/**
 * `pending` while a provider's transaction is open (created or prepared, not yet performed or
 * completed); `cancelled` once the order is cancelled before any money arrived; `refunded` when
 * the provider returned a payment.
 */
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const isOnlinePaymentMethod = (method: PaymentMethod): method is OnlinePaymentMethod =>
  method !== 'cash';

export const orderPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  paidAt: z.string().nullable(),
  /** The provider's payment page for this order, while an online order still waits for its money. */
  checkoutUrl: z.string().optional(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const paymentMethodsSchema = z.object({ methods: z.array(z.enum(PAYMENT_METHODS)) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/**
 * What the order confirmation page reads with only the order id: the random 24-character id is
 * the capability, so no name, phone or address is in it.
 */
export const orderPaymentStateSchema = z.object({
  _id: z.string(),
  /** The order number as every screen shows it: `#` and the id's last 6 characters, upper case. */
  orderNumber: z.string(),
  total: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment: orderPaymentSchema,
  /** Without the address: the id alone proves nothing about who holds it. */
  delivery: orderDeliverySchema,
});
export type OrderPaymentState = z.infer<typeof orderPaymentStateSchema>;
