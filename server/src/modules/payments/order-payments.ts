import {
  PAYMENT_METHODS,
  isOnlinePaymentMethod,
  orderNumber,
  type OrderPayment,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/common';
import type { FiscalConfig } from '../../config/fiscal-config.js';
import type { PaymentConfig } from '../../config/payment-config.js';
import type { Tx } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError, conflict } from '../../plugins/errors.js';
import { clickCheckoutUrl, confirmationUrl, paymeCheckoutUrl } from './checkout-urls.js';
import type { Clock } from './clock.js';
import { fiscalDataMissing } from './fiscal/receipt-source.js';
import { bankTransfer, cashReceived, type PaymentFacts } from './payment-facts.js';
import { missingFiscalData, type ReceiptOrderSource } from './fiscal/receipt.js';
import { CANCEL_REASON, closeOpenTransactions, recordProviderRefund } from './ledger.js';

const MINUTE_MS = 60_000;

/** Payment columns of an order, as the orders service writes them. */
export type OrderPaymentColumns = Pick<
  OrderRow,
  'paymentMethod' | 'paymentStatus' | 'paidAt' | 'paymentDueAt'
>;

/** The instalment contract's terms, once one was made for the order. */
function instalmentTerms({ contract }: PaymentFacts): OrderPayment['instalment'] {
  return contract && { months: contract.months, monthly: contract.monthly, contractId: contract.contractId };
}

/** What staff are told when a change would need the money back first. */
const PAID_ORDER_ADVICE: Record<PaymentMethod, (number: string) => string> = {
  payme: (number) =>
    `Order ${number} is paid through Payme. Refund it in the Payme merchant cabinet: the order is then cancelled and its stock returned by itself.`,
  click: (number) =>
    `Order ${number} is paid through Click. Refund it in the Click merchant cabinet, then cancel the order here confirming the refund.`,
  uzum_nasiya: (number) =>
    `Order ${number} is paid by an Uzum Nasiya instalment contract. Cancel it here confirming the refund: the contract is then cancelled at Uzum Nasiya.`,
  cash: (number) =>
    `Order ${number} is paid in cash. Give the money back, then cancel the order here confirming the refund.`,
  bank_transfer: (number) =>
    `Order ${number} is paid by bank transfer. Send the money back to the buyer's account, then cancel the order here confirming the refund.`,
};
const paidOrderError = (order: OrderRow) =>
  conflict('ORDER_PAID', PAID_ORDER_ADVICE[order.paymentMethod](orderNumber(order.id)));

/**
 * What the orders service needs to know about payments: which methods are on, the payment on
 * the wire, and what a staff change may do to an order whose money is in flight or received.
 */
export class OrderPayments {
  constructor(
    private readonly config: PaymentConfig,
    private readonly publicUrl: string,
    readonly clock: Clock,
    readonly fiscal: FiscalConfig,
  ) {}

  /** Minutes an online order has to be paid (PAYMENT_TIMEOUT_MINUTES). */
  get timeoutMinutes(): number {
    return this.config.timeoutMinutes;
  }

  /** The configured methods, in the order checkout shows them; cash is always on, bank transfer with the requisites. */
  methods(): PaymentMethod[] {
    return PAYMENT_METHODS.filter((method) =>
      method === 'bank_transfer'
        ? this.config.bankTransfer !== false
        : !isOnlinePaymentMethod(method) || this.config[method] !== undefined,
    );
  }

  /** Payment columns of a new order; an online method must be configured (400 otherwise). */
  forNewOrder(method: PaymentMethod): OrderPaymentColumns {
    this.requireMethod(method);
    return {
      paymentMethod: method,
      paymentStatus: 'unpaid',
      paidAt: null,
      paymentDueAt: isOnlinePaymentMethod(method) ? this.dueFrom(this.clock.now()) : null,
    };
  }

  /** 400 PAYMENT_METHOD_UNAVAILABLE for a method this shop has not configured. */
  requireMethod(method: PaymentMethod): void {
    if (!this.methods().includes(method)) {
      throw new AppError(
        400,
        'PAYMENT_METHOD_UNAVAILABLE',
        `Paying with ${method} is not available in this shop`,
        [{ path: 'paymentMethod', message: `${method} is not configured` }],
      );
    }
  }

  /** A Payme or Click payment needs a receipt: every line and service with its codes (400 FISCAL_DATA_MISSING). */
  requireReceipt(method: PaymentMethod, order: ReceiptOrderSource): void {
    // Instalments are receipted by Uzum Nasiya itself; Payme and Click print the shop's lines.
    if (method !== 'payme' && method !== 'click') return;
    const missing = missingFiscalData(order, this.fiscal);
    if (missing.length > 0) throw fiscalDataMissing(missing);
  }

  /** `orderKey`, when the caller holds it, goes into the provider's return address. */
  toWire(order: OrderRow, facts: PaymentFacts, orderKey?: string): OrderPayment {
    const payment: OrderPayment = {
      method: order.paymentMethod,
      status: order.paymentStatus,
      paidAt: order.paidAt?.toISOString() ?? null,
    };
    const checkoutUrl = this.checkoutUrl(order, orderKey);
    const cash = cashReceived(facts);
    const transfer = bankTransfer(facts);
    const instalment = instalmentTerms(facts);
    return {
      ...payment,
      ...(checkoutUrl && { checkoutUrl }),
      ...(instalment && { instalment }),
      ...(cash && { cashReceived: cash }),
      ...(order.receiptUrl && { receiptUrl: order.receiptUrl }),
      ...(facts.receipt && { receipt: facts.receipt }),
      ...(transfer && { bankTransfer: transfer }),
    };
  }

  /** The provider's page, while an open online order still waits for its money. */
  private checkoutUrl(order: OrderRow, orderKey: string | undefined): string | undefined {
    const waiting =
      order.status !== 'cancelled' && (order.paymentStatus === 'unpaid' || order.paymentStatus === 'pending');
    if (!waiting) return undefined;
    const returnUrl = confirmationUrl(this.publicUrl, order.id, orderKey);
    if (order.paymentMethod === 'payme' && this.config.payme)
      return paymeCheckoutUrl(this.config.payme, order, returnUrl);
    if (order.paymentMethod === 'click' && this.config.click)
      return clickCheckoutUrl(this.config.click, order, returnUrl);
    return undefined;
  }

  private dueFrom(at: Date): Date {
    return new Date(at.getTime() + this.config.timeoutMinutes * MINUTE_MS);
  }

  /**
   * A staff status change, decided under the order's row lock; returns the payment columns that
   * change with it. A paid order is cancelled only by its refund (409 ORDER_PAID): Payme's arrives
   * by itself, Click's and cash's are confirmed by staff with the cancel (`paymentRefunded`). Cancelling an
   * order whose payment is in flight closes the provider's transaction, so a late perform or
   * complete is refused and the provider gives the money back. An order brought back from
   * cancelled waits for its money again, with a new time to pay.
   */
  async onStaffStatusChange(
    tx: Tx,
    order: OrderRow,
    next: OrderStatus,
    refundConfirmed = false,
  ): Promise<Partial<OrderPaymentColumns>> {
    if (next === order.status) return {};
    const now = this.clock.now();
    if (next === 'cancelled') {
      if (order.paymentStatus === 'paid') {
        // Cash and transfers go back by hand, and Click has no refund call: staff confirm the refund here.
        if (order.paymentMethod === 'payme' || !refundConfirmed) throw paidOrderError(order);
        if (order.paymentMethod === 'click' || order.paymentMethod === 'uzum_nasiya') {
          await recordProviderRefund(tx, order.id, order.paymentMethod, now);
        }
        return { paymentStatus: 'refunded' };
      }
      await closeOpenTransactions(tx, order.id, CANCEL_REASON.executionFailed, now);
      return { paymentStatus: 'cancelled' };
    }
    if (order.status === 'cancelled' && order.paymentStatus !== 'paid') {
      return {
        paymentStatus: 'unpaid',
        paidAt: null,
        paymentDueAt: isOnlinePaymentMethod(order.paymentMethod) ? this.dueFrom(now) : null,
      };
    }
    // Moved on by staff after a failed payment: the money is theirs to settle, no longer "failed".
    if (order.paymentStatus === 'failed') return { paymentStatus: 'unpaid' };
    return {};
  }

  /** Line edits change the total: never after the money arrived, nor while a provider is taking it. */
  onStaffLineEdit(order: OrderRow): void {
    if (order.paymentStatus === 'paid') throw paidOrderError(order);
    if (order.paymentStatus === 'pending') {
      throw conflict(
        'PAYMENT_PENDING',
        'The shopper is paying for this order right now. Try again in a few minutes.',
      );
    }
  }

  /** A paid order keeps its record until refunded; an order being paid has its transaction closed first. */
  async onStaffDelete(tx: Tx, order: OrderRow): Promise<void> {
    if (order.paymentStatus === 'paid') throw paidOrderError(order);
    await closeOpenTransactions(tx, order.id, CANCEL_REASON.executionFailed, this.clock.now());
  }
}
