import { and, asc, eq, lt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { orders, paymentTransactions } from '../../db/schema.js';
import { openOrder } from '../order-changes/open-orders.js';
import { lockOrder } from '../order-changes/order-lock.js';
import type { Clock } from './clock.js';
import { endExpiredHolds } from './hold-expiry.js';
import {
  CANCEL_REASON,
  PAYME_TRANSACTION_TIMEOUT_MS,
  TRANSACTION_STATE,
  dropTransaction,
  expireIfOverdue,
  isPaymeExpired,
  lockTransaction,
} from './ledger.js';

/**
 * A provider that sends no notifications is asked by the sweep (Uzum Nasiya's contracts): a pass
 * returns how many orders it changed. It runs first, so money that arrived is recorded before the
 * time to pay is judged.
 */
export type SweepPass = (now: Date) => Promise<number>;

/** Orders and transactions handled per pass; the next pass takes the rest. */
const BATCH = 200;

export interface SweepResult {
  /** Online orders past their time to pay, and unpaid new orders past ORDER_HOLD_HOURS. */
  ordersCancelled: number;
  transactionsClosed: number;
}

/**
 * Cancels new online orders whose time to pay ran out (their stock comes back), closes Payme
 * transactions past Payme's 12 hours, and ends the stock holds of unpaid new orders older than
 * ORDER_HOLD_HOURS (`hold-expiry.ts`). Every process of the shop may run it at the same time: each
 * order is re-read under its row lock and acted on only if it still qualifies, so the stock of an
 * order comes back once however many sweeps, provider calls and staff changes meet on it.
 */
export class PaymentSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly passes: SweepPass[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Returned stock is visible to shoppers: cached public reads must go. */
    private readonly onStockReturned: () => Promise<void> = async () => {},
    /** ORDER_HOLD_HOURS in ms; 0 keeps an unpaid new order's stock held until staff act. */
    private readonly holdMs = 0,
    /** How long an unpaid invoice (bank transfer) holds its stock: its days to pay. */
    private readonly invoiceHoldMs = holdMs,
  ) {}

  async run(): Promise<SweepResult> {
    const now = this.clock.now();
    const result: SweepResult = { ordersCancelled: 0, transactionsClosed: 0 };
    let changedByPasses = 0;
    for (const pass of this.passes) changedByPasses += await pass(now);

    const overdue = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(openOrder, lte(orders.paymentDueAt, now)))
      .orderBy(asc(orders.paymentDueAt))
      .limit(BATCH);
    for (const { id } of overdue) {
      const cancelled = await this.db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        return order ? expireIfOverdue(tx, order, now) : false;
      });
      if (cancelled) result.ordersCancelled += 1;
    }

    const stale = await this.db
      .select({ id: paymentTransactions.id, orderId: paymentTransactions.orderId })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.provider, 'payme'),
          eq(paymentTransactions.state, TRANSACTION_STATE.open),
          lt(paymentTransactions.createdAt, new Date(now.getTime() - PAYME_TRANSACTION_TIMEOUT_MS)),
        ),
      )
      .limit(BATCH);
    for (const { id, orderId } of stale) {
      const closed = await this.db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const transaction = await lockTransaction(tx, id);
        if (!isPaymeExpired(transaction, now)) return false;
        if (order && (await expireIfOverdue(tx, order, now))) return true;
        await dropTransaction(tx, order, transaction, CANCEL_REASON.timeout, now);
        return true;
      });
      if (closed) result.transactionsClosed += 1;
    }

    // After the online orders' own (shorter) time to pay, so those end as payment timeouts.
    result.ordersCancelled += await endExpiredHolds(this.db, this.holdMs, now, this.invoiceHoldMs);

    if (result.ordersCancelled + result.transactionsClosed + changedByPasses > 0) {
      await this.onStockReturned();
      this.log.info(result, 'Payment sweep');
    }
    return result;
  }

  addPass(pass: SweepPass): void {
    this.passes.push(pass);
  }

  /** Runs a pass every `intervalMs` in the background; a pass never overlaps the previous one. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch((error: unknown) => this.log.error({ err: error }, 'Payment sweep failed'))
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
