import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OrderPayment, PaymentMethod } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import {
  clickFiscalOutbox,
  instalmentContracts,
  type InstalmentContractRow,
  type OrderRow,
} from '../../db/schema.js';
import { receivedPaymentsOf, type ReceivedPayment } from '../order-changes/received-payments.js';

/**
 * What an order's payment shows besides its columns: the money staff recorded, the instalment
 * contract, the Click receipt.
 */
export interface PaymentFacts {
  /** Cash and bank transfers received, oldest first. */
  money: readonly ReceivedPayment[];
  /** The order's latest Uzum Nasiya contract. */
  contract?: Pick<InstalmentContractRow, 'contractId' | 'months' | 'monthly'>;
  /** The order's latest Click receipt, as staff see it. */
  receipt?: OrderPayment['receipt'];
}

type Receipt = NonNullable<OrderPayment['receipt']>;
type Contract = NonNullable<PaymentFacts['contract']>;

export const NO_FACTS: PaymentFacts = { money: [] };

/**
 * The facts of many orders' payments in at most three queries (none per order), each only for the
 * orders it can concern: a contract belongs to an order paid by instalments. A shopper's view drops
 * the money staff recorded and the Click receipt, so the public lookup by phone, the busiest read
 * of orders, reads no facts at all for orders paid in cash.
 */
export async function paymentFactsOf(
  executor: Db | Tx,
  rows: readonly OrderRow[],
  reader: 'staff' | 'shopper' = 'staff',
): Promise<Map<string, PaymentFacts>> {
  const ids = rows.map((row) => row.id);
  const facts = new Map<string, PaymentFacts>();
  if (ids.length === 0) return facts;
  const asStaff = reader === 'staff';
  const idsPaidBy = (method: PaymentMethod) =>
    rows.filter((row) => row.paymentMethod === method).map((row) => row.id);
  const clickIds = asStaff ? idsPaidBy('click') : [];
  const instalmentIds = idsPaidBy('uzum_nasiya');
  // One after another: inside a transaction they share one connection, which takes one query at a time.
  const money = asStaff
    ? await receivedPaymentsOf(executor, ids, ['cash', 'bank_transfer'])
    : new Map<string, ReceivedPayment[]>();
  const contractOf =
    instalmentIds.length > 0 ? await contractsOf(executor, instalmentIds) : new Map<string, Contract>();
  const receipts =
    clickIds.length > 0 ? await clickReceiptsOf(executor, clickIds) : new Map<string, Receipt>();
  for (const id of ids) {
    facts.set(id, { money: money.get(id) ?? [], contract: contractOf.get(id), receipt: receipts.get(id) });
  }
  return facts;
}

/** The latest Uzum Nasiya contract of each order. */
async function contractsOf(executor: Db | Tx, ids: readonly string[]) {
  const contracts = await executor
    .selectDistinctOn([instalmentContracts.orderId], {
      orderId: instalmentContracts.orderId,
      contractId: instalmentContracts.contractId,
      months: instalmentContracts.months,
      monthly: instalmentContracts.monthly,
    })
    .from(instalmentContracts)
    .where(inArray(instalmentContracts.orderId, [...ids]))
    .orderBy(instalmentContracts.orderId, desc(instalmentContracts.createdAt));
  return new Map(contracts.map(({ orderId, ...contract }) => [orderId, contract]));
}

/** The latest Click receipt of each order: `dead` is refused (its reason kept), `sent` registered. */
async function clickReceiptsOf(executor: Db | Tx, ids: readonly string[]) {
  const rows = await executor
    .selectDistinctOn([clickFiscalOutbox.orderId], {
      orderId: clickFiscalOutbox.orderId,
      state: clickFiscalOutbox.state,
      lastError: clickFiscalOutbox.lastError,
    })
    .from(clickFiscalOutbox)
    .where(and(inArray(clickFiscalOutbox.orderId, [...ids]), eq(clickFiscalOutbox.kind, 'receipt')))
    .orderBy(clickFiscalOutbox.orderId, desc(clickFiscalOutbox.id));
  return new Map(
    rows.map(({ orderId, state, lastError }): [string, Receipt] => [
      orderId,
      state === 'sent'
        ? { status: 'sent' }
        : state === 'dead'
          ? { status: 'refused', ...(lastError && { reason: lastError }) }
          : { status: 'pending' },
    ]),
  );
}

const latest = (money: readonly ReceivedPayment[], method: ReceivedPayment['method']) =>
  money.findLast((payment) => payment.method === method);

/** Cash staff recorded as taken for this order, if any. */
export function cashReceived({ money }: PaymentFacts): OrderPayment['cashReceived'] {
  const cash = latest(money, 'cash');
  if (!cash) return undefined;
  return {
    amount: cash.amount,
    by: { _id: cash.recordedById, name: cash.recordedByName ?? '' },
    at: cash.receivedAt.toISOString(),
  };
}

/** The bank transfer staff recorded for this order, if any. */
export function bankTransfer({ money }: PaymentFacts): OrderPayment['bankTransfer'] {
  const transfer = latest(money, 'bank_transfer');
  if (!transfer) return undefined;
  return {
    amount: transfer.amount,
    paidAt: transfer.receivedAt.toISOString(),
    reference: transfer.reference ?? '',
    by: { _id: transfer.recordedById, name: transfer.recordedByName ?? '' },
    at: transfer.recordedAt.toISOString(),
  };
}
