import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FiscalConfig } from '../../../config/fiscal-config.js';
import type { ClickConfig } from '../../../config/payment-config.js';
import type { Tx } from '../../../db/client.js';
import { clickFiscalOutbox, type OrderRow } from '../../../db/schema.js';
import { receiptSourceOf } from '../fiscal/receipt-source.js';
import { clickItems, clickReceived, missingFiscalData, receiptOf } from '../fiscal/receipt.js';

/**
 * Click's fiscalization API (its Merchant API, docs/decisions/023-fiscal-receipts.md): the header
 * `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp`, timestamp in Unix seconds.
 */
export function clickAuthHeader(merchantUserId: string, secretKey: string, at: Date): string {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const digest = createHash('sha1')
    .update(timestamp + secretKey, 'utf8')
    .digest('hex');
  return `${merchantUserId}:${digest}:${timestamp}`;
}

/** A receipt's `submit_items` body, or why it cannot be built yet (staff see it as refused). */
interface BuiltReceipt {
  payload: Record<string, unknown>;
  problem: string | null;
}

/**
 * The receipt of a Click payment from the order's lines and its products' codes as they are now,
 * so a receipt rebuilt after staff fixed a code carries the fix.
 */
async function buildClickReceipt(
  tx: Tx,
  order: OrderRow,
  paymentId: string,
  click: ClickConfig,
  fiscal: FiscalConfig,
): Promise<BuiltReceipt> {
  const source = await receiptSourceOf(tx, order);
  const missing = missingFiscalData(source, fiscal);
  const problem =
    missing.length > 0
      ? `No fiscal codes (MXIK): ${missing.join(', ')}`
      : fiscal.shopTin
        ? null
        : "SHOP_TIN is not set: Click's receipts need the shop's taxpayer number";
  const items = problem === null ? clickItems(receiptOf(source, fiscal), fiscal.shopTin!) : [];
  return {
    payload: {
      service_id: Number(click.serviceId),
      payment_id: Number(paymentId),
      items,
      received_ecash: 0,
      received_cash: 0,
      received_card: clickReceived(items),
    },
    problem,
  };
}

/**
 * Queues a completed payment's receipt, in the transaction that records the payment: one row per
 * payment (unique), so it is sent once. A receipt that cannot be built (a code removed since the
 * order was placed, no SHOP_TIN) is kept as refused, for staff to fix and send again.
 */
export async function enqueueClickReceipt(
  tx: Tx,
  order: OrderRow,
  transactionId: number,
  paymentId: string,
  click: ClickConfig,
  fiscal: FiscalConfig,
): Promise<void> {
  const { payload, problem } = await buildClickReceipt(tx, order, paymentId, click, fiscal);
  await tx
    .insert(clickFiscalOutbox)
    .values({
      transactionId,
      orderId: order.id,
      paymentId,
      payload,
      ...(problem && { state: 'dead', lastError: problem }),
    })
    .onConflictDoNothing();
}

/**
 * Sends a refused receipt of the order again, rebuilt from the products' codes as they are now:
 * `sent` when queued, `none` without a refused receipt, or why it still cannot be built.
 */
export async function requeueClickReceipt(
  tx: Tx,
  order: OrderRow,
  click: ClickConfig,
  fiscal: FiscalConfig,
): Promise<{ queued: true } | { queued: false; problem: string | null }> {
  const [refused] = await tx
    .select()
    .from(clickFiscalOutbox)
    .where(
      and(
        eq(clickFiscalOutbox.orderId, order.id),
        eq(clickFiscalOutbox.kind, 'receipt'),
        eq(clickFiscalOutbox.state, 'dead'),
      ),
    )
    .orderBy(desc(clickFiscalOutbox.id))
    .limit(1)
    .for('update');
  if (!refused) return { queued: false, problem: null };
  const { payload, problem } = await buildClickReceipt(tx, order, refused.paymentId, click, fiscal);
  if (problem) {
    await tx
      .update(clickFiscalOutbox)
      .set({ lastError: problem })
      .where(eq(clickFiscalOutbox.id, refused.id));
    return { queued: false, problem };
  }
  await tx
    .update(clickFiscalOutbox)
    .set({ payload, state: 'pending', attempts: 0, lastError: null, nextAttemptAt: sql`now()` })
    .where(eq(clickFiscalOutbox.id, refused.id));
  return { queued: true };
}

/**
 * Queues the return of a payment Click charged but the shop could not take, in the transaction
 * that drops it: the worker calls `DELETE payment/reversal/{service_id}/{payment_id}` (Click's
 * Merchant API). One row per transaction, so the money goes back once; true when queued now.
 */
export async function enqueueClickReversal(
  tx: Tx,
  order: Pick<OrderRow, 'id'>,
  transactionId: number,
  paymentId: string,
): Promise<boolean> {
  const queued = await tx
    .insert(clickFiscalOutbox)
    .values({ kind: 'reversal', transactionId, orderId: order.id, paymentId, payload: {} })
    .onConflictDoNothing()
    .returning({ id: clickFiscalOutbox.id });
  return queued.length > 0;
}
