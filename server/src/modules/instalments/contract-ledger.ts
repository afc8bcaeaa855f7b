import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  instalmentContracts,
  orders,
  type InstalmentContractRow,
  type InstalmentContractState,
  type OrderRow,
} from '../../db/schema.js';
import { TRANSACTION_STATE, lockOrder, lockTransaction, recordPayment } from '../payments/ledger.js';

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

/** The order's instalment columns, shown with its payment. */
export async function showContractOnOrder(
  tx: Tx,
  order: OrderRow,
  contract: Pick<InstalmentContractRow, 'contractId' | 'months' | 'monthly'>,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      instalmentContractId: contract.contractId,
      instalmentMonths: contract.months,
      instalmentMonthly: contract.monthly,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id));
}
