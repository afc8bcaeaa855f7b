import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES, RECEIPT_STATUSES } from '../payments.js';

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
