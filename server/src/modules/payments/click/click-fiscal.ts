import { createHash } from 'node:crypto';
import type { FiscalConfig } from '../../../config/fiscal-config.js';
import type { ClickConfig } from '../../../config/payment-config.js';
import type { Tx } from '../../../db/client.js';
import { clickFiscalOutbox, type OrderRow } from '../../../db/schema.js';
import { receiptSourceOf } from '../fiscal/receipt-source.js';
import { clickItems, missingFiscalData, receiptOf } from '../fiscal/receipt.js';

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

/**
 * Queues a completed payment's receipt, in the transaction that records the payment: one row per
 * payment (unique), so it is sent once. A receipt that cannot be built (a code removed since the
 * order was placed) is kept as given up, for staff to see.
 */
export async function enqueueClickReceipt(
  tx: Tx,
  order: OrderRow,
  transactionId: number,
  paymentId: string,
  click: ClickConfig,
  fiscal: FiscalConfig,
): Promise<void> {
  const source = await receiptSourceOf(tx, order);
  const missing = missingFiscalData(source, fiscal);
  const items = missing.length === 0 ? clickItems(receiptOf(source, fiscal), fiscal.shopTin) : [];
  const received = items.reduce((sum, item) => sum + item.Price, 0);
  await tx
    .insert(clickFiscalOutbox)
    .values({
      transactionId,
      orderId: order.id,
      paymentId,
      payload: {
        service_id: Number(click.serviceId),
        payment_id: Number(paymentId),
        items,
        received_ecash: 0,
        received_cash: 0,
        received_card: received,
      },
      ...(missing.length > 0 && { state: 'dead', lastError: `no fiscal codes: ${missing.join(', ')}` }),
    })
    .onConflictDoNothing();
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
