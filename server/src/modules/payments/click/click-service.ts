import { createHash, timingSafeEqual } from 'node:crypto';
import { ID_PATTERN } from '@shop/common';
import type { FiscalConfig } from '../../../config/fiscal-config.js';
import type { ClickConfig } from '../../../config/payment-config.js';
import type { Db, Tx } from '../../../db/client.js';
import { conflict, notFound } from '../../../plugins/errors.js';
import { toTiyin } from '../checkout-urls.js';
import type { Clock } from '../clock.js';
import {
  CANCEL_REASON,
  TRANSACTION_STATE,
  cancelBeforePayment,
  dropTransaction,
  expireIfOverdue,
  findTransaction,
  lockTransaction,
  openTransaction,
  recordPayment,
  whyNotPayable,
} from '../ledger.js';
import { lockOrder } from '../../order-changes/order-lock.js';
import {
  CLICK_ACTION,
  CLICK_ERROR,
  CLICK_ERROR_NOTE,
  type ClickAnswer,
  type ClickComplete,
  type ClickErrorCode,
  type ClickPrepare,
} from './click-protocol.js';
import { enqueueClickReceipt, enqueueClickReversal, requeueClickReceipt } from './click-fiscal.js';
import { enqueueOrderAlert } from '../../alerts/outbox.js';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Click's amount is so'm with up to two decimals; the ledger keeps tiyin. */
const tiyinOf = (amount: string) => Math.round(Number(amount) * 100);

/** The ids to echo in any answer, as far as the request gave them. */
export function echoOf(fields: { click_trans_id?: unknown; merchant_trans_id?: unknown }) {
  const clickId = String(fields.click_trans_id ?? '');
  const orderId = fields.merchant_trans_id;
  return {
    ...(/^\d{1,15}$/.test(clickId) ? { click_trans_id: Number(clickId) } : {}),
    ...(typeof orderId === 'string' && orderId.length <= 100 ? { merchant_trans_id: orderId } : {}),
  };
}

export const clickFailure = (fields: Parameters<typeof echoOf>[0], code: ClickErrorCode): ClickAnswer => ({
  ...echoOf(fields),
  error: code,
  error_note: CLICK_ERROR_NOTE[code],
});

/**
 * Click's Shop API. Prepare opens a transaction on the order (several may be open: the shopper can
 * start over on Click's page); complete pays the order with one of them, under the order's row
 * lock, so a second complete finds the order paid and is refused. Both are idempotent by Click's
 * transaction id.
 */
export class ClickService {
  constructor(
    private readonly db: Db,
    private readonly config: ClickConfig | undefined,
    private readonly clock: Clock,
    private readonly fiscal: FiscalConfig,
  ) {}

  /**
   * md5(click_trans_id + service_id + secret + merchant_trans_id [+ merchant_prepare_id] + amount
   * + action + sign_time), compared in constant time; the service must be this shop's.
   */
  signatureValid(fields: ClickPrepare & { merchant_prepare_id?: string }): boolean {
    const expected = md5(
      fields.click_trans_id +
        fields.service_id +
        (this.config?.secretKey ?? '') +
        fields.merchant_trans_id +
        (fields.merchant_prepare_id ?? '') +
        fields.amount +
        fields.action +
        fields.sign_time,
    );
    const signed = timingSafeEqual(sha256(expected), sha256(fields.sign_string.toLowerCase()));
    return signed && this.config !== undefined && fields.service_id === this.config.serviceId;
  }

  async prepare(fields: ClickPrepare): Promise<ClickAnswer> {
    const fail = (code: ClickErrorCode) => clickFailure(fields, code);
    if (fields.action !== CLICK_ACTION.prepare) return fail(CLICK_ERROR.actionNotFound);
    if (!ID_PATTERN.test(fields.merchant_trans_id)) return fail(CLICK_ERROR.orderNotFound);
    // Click tells of its own failure (the card was refused): nothing is opened or held for it.
    if (Number(fields.error) < 0) return fail(CLICK_ERROR.cancelled);
    const amount = tiyinOf(fields.amount);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, fields.merchant_trans_id);
      if (!order) return fail(CLICK_ERROR.orderNotFound);
      const prepared = (id: number): ClickAnswer => ({
        ...echoOf(fields),
        merchant_prepare_id: id,
        error: CLICK_ERROR.success,
        error_note: CLICK_ERROR_NOTE[CLICK_ERROR.success],
      });
      const existing = await findTransaction(tx, 'click', fields.click_trans_id);
      if (existing) {
        if (existing.orderId !== order.id) return fail(CLICK_ERROR.transactionNotFound);
        if (existing.amount !== amount) return fail(CLICK_ERROR.wrongAmount);
        if (existing.state === TRANSACTION_STATE.open) return prepared(existing.id);
        return fail(
          existing.state === TRANSACTION_STATE.paid ? CLICK_ERROR.alreadyPaid : CLICK_ERROR.cancelled,
        );
      }
      if (amount !== toTiyin(order.total)) return fail(CLICK_ERROR.wrongAmount);
      if (await expireIfOverdue(tx, order, now)) return fail(CLICK_ERROR.cancelled);
      switch (whyNotPayable(order, 'click', false)) {
        case 'cancelled':
          return fail(CLICK_ERROR.cancelled);
        case 'paid':
          return fail(CLICK_ERROR.alreadyPaid);
        case 'other-method':
        case 'held':
          return fail(CLICK_ERROR.orderNotFound);
        case null:
          break;
      }
      const opened = await openTransaction(
        tx,
        order,
        { provider: 'click', providerTransactionId: fields.click_trans_id, amount },
        now,
      );
      return prepared(opened.id);
    });
  }

  async complete(fields: ClickComplete): Promise<ClickAnswer> {
    const fail = (code: ClickErrorCode) => clickFailure(fields, code);
    if (fields.action !== CLICK_ACTION.complete) return fail(CLICK_ERROR.actionNotFound);
    const found = await findTransaction(this.db, 'click', fields.click_trans_id);
    if (
      !found ||
      String(found.id) !== fields.merchant_prepare_id ||
      found.orderId !== fields.merchant_trans_id
    ) {
      return fail(CLICK_ERROR.transactionNotFound);
    }
    const amount = tiyinOf(fields.amount);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, found.orderId);
      const transaction = await lockTransaction(tx, found.id);
      const completed: ClickAnswer = {
        ...echoOf(fields),
        merchant_confirm_id: transaction.id,
        error: CLICK_ERROR.success,
        error_note: CLICK_ERROR_NOTE[CLICK_ERROR.success],
      };
      if (amount !== transaction.amount) return fail(CLICK_ERROR.wrongAmount);
      // Click documents -4 for a complete of a payment already confirmed: the first answer stands.
      if (transaction.state === TRANSACTION_STATE.paid) return fail(CLICK_ERROR.alreadyPaid);
      const clickFailed = Number(fields.error) < 0;
      if (transaction.state !== TRANSACTION_STATE.open) {
        // Paid and then refunded by staff (a late repeat), or never charged: the answer stays -9.
        if (clickFailed || transaction.reason === CANCEL_REASON.debitFailed || transaction.performedAt)
          return fail(CLICK_ERROR.cancelled);
        // The shop closed it after Prepare (staff cancelled the order): Click charged the card anyway.
        await this.giveBack(tx, order, transaction.id, fields.click_paydoc_id);
        return completed;
      }
      // Click reports that taking the money failed: the transaction closes, the order waits as `failed`.
      if (clickFailed) {
        await cancelBeforePayment(tx, order, transaction, CANCEL_REASON.debitFailed, now);
        return fail(CLICK_ERROR.cancelled);
      }
      // Prepare succeeded and Click charged the card: Click documents that Complete may then not
      // answer an error for the shop's own reasons (the payment would hang at Click). The shop
      // answers success, does not take the payment, and gives the money back (a reversal).
      const shopSide =
        order &&
        ((await expireIfOverdue(tx, order, now)) ||
          order.status === 'cancelled' ||
          order.paymentStatus === 'paid' ||
          order.paymentStatus === 'refunded');
      if (shopSide) {
        await dropTransaction(tx, order, transaction, CANCEL_REASON.executionFailed, now);
        await this.giveBack(tx, order, transaction.id, fields.click_paydoc_id);
        return completed;
      }
      const refusal: ClickErrorCode | null = !order
        ? CLICK_ERROR.orderNotFound
        : toTiyin(order.total) !== amount
          ? CLICK_ERROR.wrongAmount
          : null;
      if (refusal !== null) {
        await dropTransaction(tx, order, transaction, CANCEL_REASON.executionFailed, now);
        return fail(refusal);
      }
      await recordPayment(tx, order!, transaction, now);
      if (this.config?.merchantUserId) {
        await enqueueClickReceipt(
          tx,
          order!,
          transaction.id,
          fields.click_paydoc_id,
          this.config,
          this.fiscal,
        );
      }
      return completed;
    });
  }

  /**
   * Staff send a refused receipt again after fixing the products' codes: it is rebuilt from the
   * codes as they are now and queued (404 unknown order, 409 nothing refused or codes still missing).
   */
  async resendReceipt(orderId: string): Promise<void> {
    const config = this.config;
    const outcome = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) return undefined;
      if (!config?.merchantUserId) return { queued: false as const, problem: null };
      return requeueClickReceipt(tx, order, config, this.fiscal);
    });
    if (!outcome) throw notFound('ORDER_NOT_FOUND', 'Order not found');
    if (outcome.queued) return;
    if (outcome.problem)
      throw conflict('RECEIPT_CODES_MISSING', `The receipt still cannot be built. ${outcome.problem}`);
    throw conflict('RECEIPT_NOT_REFUSED', 'This order has no refused Click receipt to send again');
  }

  /** Queues the charged payment's reversal and, the first time, tells the staff. */
  private async giveBack(
    tx: Tx,
    order: { id: string } | undefined,
    transactionId: number,
    paymentId: string,
  ): Promise<void> {
    if (!order) return;
    if (await enqueueClickReversal(tx, order, transactionId, paymentId))
      await enqueueOrderAlert(tx, 'paymentReversed', order.id);
  }
}
