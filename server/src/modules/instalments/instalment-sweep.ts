import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { instalmentContracts, paymentTransactions, type InstalmentContractRow } from '../../db/schema.js';
import {
  CANCEL_REASON,
  TRANSACTION_STATE,
  cancelBeforePayment,
  lockTransaction,
} from '../payments/ledger.js';
import { lockOrder } from '../order-changes/order-lock.js';
import { setContractState, settleActivated } from './contract-ledger.js';
import {
  CONTRACT_STATUS,
  UZUM_CODE,
  UzumRefused,
  UzumUnavailable,
  type UzumNasiyaClient,
} from './uzum-client.js';

/** Contracts asked about per pass; the next pass takes the rest. */
const BATCH = 100;

/** A confirm younger than this may still be in its request: the sweep leaves it alone. */
const CONFIRM_GRACE_MS = 60_000;

/**
 * Uzum Nasiya sends no notifications, so the payment sweep asks (every minute, in every process):
 * a contract still open is looked up with check-status (activated → the order is paid; cancelled
 * at Uzum → the order is cancelled, its stock back once), a contract whose code was right but
 * whose confirm never got an answer is confirmed, and a contract whose order stopped waiting for
 * it (staff cancel, refund, time to pay ran out, a newer contract) is cancelled at Uzum. Every
 * change is made under the order's row lock, so processes sweeping at once change an order once.
 */
export class InstalmentSweep {
  constructor(
    private readonly db: Db,
    private readonly client: UzumNasiyaClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass; the number of orders it paid or cancelled. */
  readonly run = async (now: Date): Promise<number> => {
    const rows = await this.db
      .select({ contract: instalmentContracts, transactionState: paymentTransactions.state })
      .from(instalmentContracts)
      .innerJoin(paymentTransactions, eq(paymentTransactions.id, instalmentContracts.transactionId))
      // A paid order's contract is settled: it comes back here only if the payment is refunded.
      .where(
        and(
          ne(instalmentContracts.state, 'cancelled'),
          ne(paymentTransactions.state, TRANSACTION_STATE.paid),
        ),
      )
      .orderBy(instalmentContracts.updatedAt)
      .limit(BATCH);
    let changed = 0;
    for (const { contract, transactionState } of rows) {
      try {
        if (transactionState === TRANSACTION_STATE.open) changed += await this.follow(contract, now);
        else await this.cancelAtUzum(contract, now);
      } catch (error) {
        // Uzum refusing one contract's call: the others go on, and the next pass asks again.
        if (error instanceof UzumRefused) {
          this.log.warn(
            { contractId: contract.contractId, reason: error.reason },
            'Uzum Nasiya refused a call',
          );
        } else if (!(error instanceof UzumUnavailable)) throw error;
        // Uzum away: the next pass asks again.
      }
    }
    return changed;
  };

  private async follow(contract: InstalmentContractRow, now: Date): Promise<number> {
    const status = await this.client.contractStatus(contract.contractId);
    if (status === CONTRACT_STATUS.active || status === CONTRACT_STATUS.closed) {
      return (await settleActivated(this.db, contract, now)) ? 1 : 0;
    }
    if (status === CONTRACT_STATUS.cancelled) return this.cancelledByUzum(contract, now);
    const stale = now.getTime() - contract.updatedAt.getTime() >= CONFIRM_GRACE_MS;
    if (status === CONTRACT_STATUS.unconfirmed && contract.state === 'code_checked' && stale) {
      const answer = await this.client.confirm(contract.contractId);
      if (answer === UZUM_CODE.success || answer === UZUM_CODE.alreadyActivated) {
        return (await settleActivated(this.db, contract, now)) ? 1 : 0;
      }
      this.log.warn({ contractId: contract.contractId, answer }, 'Uzum Nasiya did not confirm a contract');
    }
    return 0;
  }

  /** Uzum cancelled the contract before it was paid: the order ends as a provider cancel does. */
  private async cancelledByUzum(contract: InstalmentContractRow, now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, contract.orderId);
      const transaction = await lockTransaction(tx, contract.transactionId);
      await setContractState(tx, contract.contractId, 'cancelled', now);
      if (transaction.state !== TRANSACTION_STATE.open) return 0;
      await cancelBeforePayment(tx, order, transaction, CANCEL_REASON.executionFailed, now);
      return 1;
    });
  }

  /** The order no longer waits for this contract (or was refunded): Uzum must not keep it. */
  private async cancelAtUzum(contract: InstalmentContractRow, now: Date): Promise<void> {
    const answer = await this.client.cancel(contract.uzumOrderId);
    const done: number[] = [UZUM_CODE.success, UZUM_CODE.contractNotFound, UZUM_CODE.incorrectStatus];
    if (!done.includes(answer)) {
      this.log.warn({ contractId: contract.contractId, answer }, 'Uzum Nasiya did not cancel a contract');
      return;
    }
    await setContractState(this.db, contract.contractId, 'cancelled', now);
  }
}
