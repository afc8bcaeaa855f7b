import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  instalmentContracts,
  type InstalmentContractRow,
  type InstalmentContractState,
} from '../../db/schema.js';
import {
  CANCEL_REASON,
  TRANSACTION_STATE,
  cancelBeforePayment,
  lockTransaction,
  recordPayment,
} from '../payments/ledger.js';
import { lockOrder } from '../order-changes/order-lock.js';

/*
 * Changes of an instalment contract's state on the shop's side. Money moves only through the
 * payment ledger, under the order's row lock: a contract's order is paid once however many
 * requests and sweeps learn at once that Uzum activated it.
 */

export async function contractFor(
  db: Db | Tx,
  contractId: string,
): Promise<InstalmentContractRow | undefined> {
  const [row] = await db
    .select()
    .from(instalmentContracts)
    .where(eq(instalmentContracts.contractId, contractId))
    .limit(1);
  return row;
}

/** Moves a contract from one state to another; false when another caller moved it first. */
export async function moveContract(
  db: Db | Tx,
  contractId: string,
  from: InstalmentContractState,
  to: InstalmentContractState,
  at: Date,
): Promise<boolean> {
  const moved = await db
    .update(instalmentContracts)
    .set({ state: to, updatedAt: at })
    .where(and(eq(instalmentContracts.contractId, contractId), eq(instalmentContracts.state, from)))
    .returning({ id: instalmentContracts.contractId });
  return moved.length > 0;
}

export async function setContractState(
  tx: Db | Tx,
  contractId: string,
  state: InstalmentContractState,
  at: Date,
): Promise<void> {
  await tx
    .update(instalmentContracts)
    .set({ state, updatedAt: at })
    .where(eq(instalmentContracts.contractId, contractId));
}

/**
 * Uzum activated the contract: the order is paid, if its transaction is still open (the order was
 * not cancelled meanwhile). True when this call recorded the payment. A contract activated for an
 * order that was cancelled meanwhile keeps its closed transaction, so the sweep cancels it at Uzum.
 */
export async function settleActivated(db: Db, contract: InstalmentContractRow, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, contract.orderId);
    const transaction = await lockTransaction(tx, contract.transactionId);
    await setContractState(tx, contract.contractId, 'confirmed', at);
    if (!order || transaction.state !== TRANSACTION_STATE.open || order.paymentStatus === 'paid')
      return false;
    await recordPayment(tx, order, transaction, at);
    return true;
  });
}

/** Codes a contract may be signed with before it is given up: Uzum's own code has only 4 digits. */
export const CONTRACT_CODE_TRIES = 5;

/**
 * Takes one of the contract's code tries in the database, before Uzum is asked: however many
 * requests race from however many addresses, at most `CONTRACT_CODE_TRIES` codes reach Uzum.
 * The number of this try, or 0 when none is left (or the contract no longer waits for a code).
 */
export async function takeCodeTry(db: Db, contractId: string): Promise<number> {
  const [taken] = await db
    .update(instalmentContracts)
    .set({ codeAttempts: sql`${instalmentContracts.codeAttempts} + 1` })
    .where(
      and(
        eq(instalmentContracts.contractId, contractId),
        eq(instalmentContracts.state, 'awaiting_code'),
        lt(instalmentContracts.codeAttempts, CONTRACT_CODE_TRIES),
      ),
    )
    .returning({ tries: instalmentContracts.codeAttempts });
  return taken?.tries ?? 0;
}

/**
 * The contract's last code try was wrong: its payment fails (the order stays, to be paid another
 * way) unless a right code got in first. The caller then cancels it at Uzum; if that fails, the
 * sweep does (the transaction is closed). True when this call gave the contract up.
 */
export async function giveUpContract(db: Db, contract: InstalmentContractRow, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, contract.orderId);
    const transaction = await lockTransaction(tx, contract.transactionId);
    const now = await contractFor(tx, contract.contractId);
    if (now?.state !== 'awaiting_code' || transaction.state !== TRANSACTION_STATE.open) return false;
    await cancelBeforePayment(tx, order, transaction, CANCEL_REASON.executionFailed, at);
    return true;
  });
}
