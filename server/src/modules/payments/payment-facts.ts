import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OrderPayment } from '@shop/common';
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

export const NO_FACTS: PaymentFacts = { money: [] };

/** The facts of many orders' payments in two queries, three with Click orders (none per order). */
export async function paymentFactsOf(
  executor: Db | Tx,
  rows: readonly OrderRow[],
): Promise<Map<string, PaymentFacts>> {
  const ids = rows.map((row) => row.id);
  const facts = new Map<string, PaymentFacts>();
  if (ids.length === 0) return facts;
  const money = await receivedPaymentsOf(executor, ids, ['cash', 'bank_transfer']);
  const contracts = await executor
    .selectDistinctOn([instalmentContracts.orderId], {
      orderId: instalmentContracts.orderId,
      contractId: instalmentContracts.contractId,
      months: instalmentContracts.months,
      monthly: instalmentContracts.monthly,
    })
    .from(instalmentContracts)
    .where(inArray(instalmentContracts.orderId, ids))
    .orderBy(instalmentContracts.orderId, desc(instalmentContracts.createdAt));
  const contractOf = new Map(contracts.map(({ orderId, ...contract }) => [orderId, contract]));
  const clickIds = rows.filter((row) => row.paymentMethod === 'click').map((row) => row.id);
  const receipts =
    clickIds.length > 0 ? await clickReceiptsOf(executor, clickIds) : new Map<string, Receipt>();
  for (const id of ids) {
    facts.set(id, { money: money.get(id) ?? [], contract: contractOf.get(id), receipt: receipts.get(id) });
  }
  return facts;
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
