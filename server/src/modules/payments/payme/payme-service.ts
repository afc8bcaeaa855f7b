import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, between, eq } from 'drizzle-orm';
import { ID_PATTERN } from '@shop/common';
import type { FiscalConfig } from '../../../config/fiscal-config.js';
import type { PaymeConfig } from '../../../config/payment-config.js';
import type { Db, Tx } from '../../../db/client.js';
import { orders, paymentTransactions, providerKeys, type PaymentTransactionRow } from '../../../db/schema.js';
import { storeFiscalRecord } from '../fiscal/fiscal-records.js';
import { receiptSourceOf } from '../fiscal/receipt-source.js';
import { missingFiscalData, paymeDetail, receiptOf } from '../fiscal/receipt.js';
import { toTiyin } from '../checkout-urls.js';
import type { Clock } from '../clock.js';
import {
  CANCEL_REASON,
  PAYME_TRANSACTION_TIMEOUT_MS,
  TRANSACTION_STATE,
  cancelBeforePayment,
  dropTransaction,
  expireIfOverdue,
  findTransaction,
  isOverdue,
  isPaymeExpired,
  lockTransaction,
  openTransaction,
  recordPayment,
  refundPayment,
  whyNotPayable,
} from '../ledger.js';
import { lockOrder, type LockedOrder } from '../../order-changes/order-lock.js';
import {
  PAYME_ERROR,
  PaymeError,
  type CancelResult,
  type CheckPerformResult,
  type CheckResult,
  type CreateResult,
  type PaymeMethod,
  type PaymeParams,
  type PaymeResult,
  type PerformResult,
  type StatementResult,
  type SuccessResult,
} from './payme-protocol.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const ms = (at: Date | null) => at?.getTime() ?? 0;
type Account = Record<string, unknown>;

/** The order an `account` names; an id of the wrong shape is an order that does not exist. */
function orderIdOf(account: Account): string {
  const id = account.order_id;
  if (typeof id !== 'string' || !ID_PATTERN.test(id))
    throw new PaymeError(PAYME_ERROR.orderNotFound, 'order_id');
  return id;
}

const asState = (state: number) => state as 1 | 2 | -1 | -2;

/**
 * Payme's Merchant API: Payme asks, the shop answers from its own orders. Every state change runs
 * in one database transaction holding the order's row lock, and is idempotent by Payme's
 * transaction id: a repeated call finds the transaction and answers what it answered before.
 */
export class PaymeService {
  constructor(
    private readonly db: Db,
    private readonly config: PaymeConfig | undefined,
    private readonly clock: Clock,
    private readonly fiscal: FiscalConfig,
  ) {}

  /**
   * The cash desk key: the one Payme last set with ChangePassword, read on every call so every
   * process takes a change at once; PAYME_SECRET_KEY until Payme changes it.
   */
  private async secretKey(): Promise<string> {
    const [stored] = await this.db
      .select({ key: providerKeys.secretKey })
      .from(providerKeys)
      .where(eq(providerKeys.provider, 'payme'))
      .limit(1);
    return stored?.key ?? this.config?.secretKey ?? '';
  }

  /**
   * `Authorization: Basic base64("Paycom:<key>")`, compared in constant time (both sides hashed
   * to one length first). With Payme off no key can match.
   */
  async authorized(header: string | undefined): Promise<boolean> {
    if (this.config === undefined) return false;
    const expected = digest(`Paycom:${await this.secretKey()}`);
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
    const given = digest(match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '');
    return timingSafeEqual(expected, given) && match !== null;
  }

  run<M extends PaymeMethod>(method: M, params: PaymeParams<M>): Promise<PaymeResult> {
    switch (method) {
      case 'CheckPerformTransaction':
        return this.checkPerform(params as PaymeParams<'CheckPerformTransaction'>);
      case 'CreateTransaction':
        return this.create(params as PaymeParams<'CreateTransaction'>);
      case 'PerformTransaction':
        return this.perform(params as PaymeParams<'PerformTransaction'>);
      case 'CancelTransaction':
        return this.cancel(params as PaymeParams<'CancelTransaction'>);
      case 'CheckTransaction':
        return this.check(params as PaymeParams<'CheckTransaction'>);
      case 'SetFiscalData':
        return this.setFiscalData(params as PaymeParams<'SetFiscalData'>);
      case 'ChangePassword':
        return this.changePassword(params as PaymeParams<'ChangePassword'>);
      default:
        return this.statement(params as PaymeParams<'GetStatement'>);
    }
  }

  /** Runs `work` in a transaction; a PaymeError it returns is thrown after the commit, keeping what it changed. */
  private async inTransaction<T>(work: (tx: Tx) => Promise<T | PaymeError>): Promise<T> {
    const outcome = await this.db.transaction(work);
    if (outcome instanceof PaymeError) throw outcome;
    return outcome;
  }

  private async checkPerform({
    amount,
    account,
  }: PaymeParams<'CheckPerformTransaction'>): Promise<CheckPerformResult> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(eq(orders.id, orderIdOf(account)))
      .limit(1);
    if (!order) throw new PaymeError(PAYME_ERROR.orderNotFound, 'order_id');
    if (amount !== toTiyin(order.total)) throw new PaymeError(PAYME_ERROR.wrongAmount, 'amount');
    if (isOverdue(order, this.clock.now()) || whyNotPayable(order, 'payme', true)) {
      throw new PaymeError(PAYME_ERROR.orderNotPayable, 'order_id');
    }
    const source = await receiptSourceOf(this.db, order);
    const missing = missingFiscalData(source, this.fiscal);
    if (missing.length > 0) {
      // Placement refuses such an order; a code removed since then stops the payment here. Payme's
      // `error.data` names the account field at fault, never a sentence.
      throw new PaymeError(PAYME_ERROR.orderNotPayable, 'order_id');
    }
    return { allow: true, detail: paymeDetail(receiptOf(source, this.fiscal)) };
  }

  /** Payme registered a receipt with the tax office: kept, and a payment's link shown on the order. */
  private async setFiscalData({
    id,
    type,
    fiscal_data,
  }: PaymeParams<'SetFiscalData'>): Promise<SuccessResult> {
    const transaction = await this.find(id);
    await storeFiscalRecord(this.db, {
      provider: 'payme',
      providerId: id,
      kind: type,
      orderId: transaction.orderId,
      // The link is shown to staff and the shopper: only a web address Payme's receipt could be at.
      url: safeReceiptUrl(fiscal_data.qr_code_url),
      data: fiscal_data,
    });
    return { success: true };
  }

  /** Payme's new cash desk key, stored: from now on every process of the shop accepts only it. */
  private async changePassword({ password }: PaymeParams<'ChangePassword'>): Promise<SuccessResult> {
    await this.db
      .insert(providerKeys)
      .values({ provider: 'payme', secretKey: password })
      .onConflictDoUpdate({
        target: providerKeys.provider,
        set: { secretKey: password, updatedAt: new Date() },
      });
    return { success: true };
  }

  private async create({
    id,
    time,
    amount,
    account,
  }: PaymeParams<'CreateTransaction'>): Promise<CreateResult> {
    const orderId = orderIdOf(account);
    const now = this.clock.now();
    return this.inTransaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const existing = await findTransaction(tx, 'payme', id);
      if (existing) {
        // A repeat must name what the first call named.
        if (existing.orderId !== orderId) return new PaymeError(PAYME_ERROR.orderNotFound, 'order_id');
        if (existing.amount !== amount) return new PaymeError(PAYME_ERROR.wrongAmount, 'amount');
        if (existing.state !== TRANSACTION_STATE.open) return new PaymeError(PAYME_ERROR.cannotPerform);
        if (isPaymeExpired(existing, now)) {
          await this.expire(tx, order, existing, now);
          return new PaymeError(PAYME_ERROR.cannotPerform);
        }
        return { create_time: ms(existing.createdAt), transaction: String(existing.id), state: 1 };
      }
      if (!order) return new PaymeError(PAYME_ERROR.orderNotFound, 'order_id');
      if (amount !== toTiyin(order.total)) return new PaymeError(PAYME_ERROR.wrongAmount, 'amount');
      if ((await expireIfOverdue(tx, order, now)) || whyNotPayable(order, 'payme', true)) {
        return new PaymeError(PAYME_ERROR.orderNotPayable, 'order_id');
      }
      // A transaction Payme made more than 12 hours ago is already dead on Payme's side.
      if (now.getTime() - time >= PAYME_TRANSACTION_TIMEOUT_MS)
        return new PaymeError(PAYME_ERROR.cannotPerform);
      const opened = await openTransaction(
        tx,
        order,
        { provider: 'payme', providerTransactionId: id, amount, providerTime: time },
        now,
      );
      return { create_time: ms(opened.createdAt), transaction: String(opened.id), state: 1 };
    });
  }

  private async perform({ id }: PaymeParams<'PerformTransaction'>): Promise<PerformResult> {
    const found = await this.find(id);
    const now = this.clock.now();
    return this.inTransaction(async (tx) => {
      const order = await lockOrder(tx, found.orderId);
      const transaction = await lockTransaction(tx, found.id);
      if (transaction.state === TRANSACTION_STATE.paid) return performed(transaction);
      if (transaction.state !== TRANSACTION_STATE.open) return new PaymeError(PAYME_ERROR.cannotPerform);
      if (isPaymeExpired(transaction, now) || (order && isOverdue(order, now))) {
        await this.expire(tx, order, transaction, now);
        return new PaymeError(PAYME_ERROR.cannotPerform);
      }
      // Cancelling or editing an order closes or refuses while a transaction is open; this
      // guards the ledger should a row ever disagree.
      if (
        !order ||
        order.status === 'cancelled' ||
        order.paymentStatus === 'paid' ||
        toTiyin(order.total) !== transaction.amount
      ) {
        await dropTransaction(tx, order, transaction, CANCEL_REASON.executionFailed, now);
        return new PaymeError(PAYME_ERROR.cannotPerform);
      }
      await recordPayment(tx, order, transaction, now);
      return { transaction: String(transaction.id), perform_time: now.getTime(), state: 2 };
    });
  }

  private async cancel({ id, reason }: PaymeParams<'CancelTransaction'>): Promise<CancelResult> {
    const found = await this.find(id);
    const now = this.clock.now();
    return this.inTransaction(async (tx) => {
      const order = await lockOrder(tx, found.orderId);
      const transaction = await lockTransaction(tx, found.id);
      if (transaction.state === TRANSACTION_STATE.open) {
        await cancelBeforePayment(tx, order, transaction, reason, now);
        return { transaction: String(transaction.id), cancel_time: now.getTime(), state: -1 };
      }
      if (transaction.state === TRANSACTION_STATE.paid) {
        // Goods handed over (`ordered`) stay with the shopper; staff take them back first.
        if (order?.status === 'ordered') return new PaymeError(PAYME_ERROR.cannotCancel);
        await refundPayment(tx, order, transaction, reason, now);
        return { transaction: String(transaction.id), cancel_time: now.getTime(), state: -2 };
      }
      return {
        transaction: String(transaction.id),
        cancel_time: ms(transaction.cancelledAt),
        state: asState(transaction.state),
      };
    });
  }

  private async check({ id }: PaymeParams<'CheckTransaction'>): Promise<CheckResult> {
    const transaction = await this.find(id);
    return {
      create_time: ms(transaction.createdAt),
      perform_time: ms(transaction.performedAt),
      cancel_time: ms(transaction.cancelledAt),
      transaction: String(transaction.id),
      state: asState(transaction.state),
      reason: transaction.reason,
    };
  }

  /** Payme's transactions whose Payme time falls in [from, to], both ends included. */
  private async statement({ from, to }: PaymeParams<'GetStatement'>): Promise<StatementResult> {
    const rows = await this.db
      .select()
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.provider, 'payme'), between(paymentTransactions.providerTime, from, to)),
      )
      .orderBy(asc(paymentTransactions.providerTime), asc(paymentTransactions.id));
    return {
      transactions: rows.map((row) => ({
        id: row.providerTransactionId,
        time: row.providerTime ?? 0,
        amount: row.amount,
        account: { order_id: row.orderId },
        create_time: ms(row.createdAt),
        perform_time: ms(row.performedAt),
        cancel_time: ms(row.cancelledAt),
        transaction: String(row.id),
        state: asState(row.state),
        reason: row.reason,
      })),
    };
  }

  private async find(id: string): Promise<PaymentTransactionRow> {
    const found = await findTransaction(this.db, 'payme', id);
    if (!found) throw new PaymeError(PAYME_ERROR.transactionNotFound, 'id');
    return found;
  }

  /**
   * A transaction past Payme's 12 hours: if its order's own time to pay ran out too, the order is
   * cancelled (which closes the transaction); otherwise only the transaction closes and the order
   * can be paid again.
   */
  private async expire(
    tx: Tx,
    order: LockedOrder | undefined,
    transaction: PaymentTransactionRow,
    now: Date,
  ) {
    if (order && (await expireIfOverdue(tx, order, now))) return;
    await dropTransaction(tx, order, transaction, CANCEL_REASON.timeout, now);
  }
}

function performed(transaction: PaymentTransactionRow): PerformResult {
  return { transaction: String(transaction.id), perform_time: ms(transaction.performedAt), state: 2 };
}

/** `qr_code_url` kept only when it is an https:// address (never `javascript:` or plain http). */
export function safeReceiptUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
