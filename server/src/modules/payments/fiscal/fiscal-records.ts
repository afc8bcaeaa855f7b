import type { OnlinePaymentMethod } from '@shop/common';
import type { Db, Tx } from '../../../db/client.js';
import { fiscalReceipts } from '../../../db/schema.js';
import { changeOrder } from '../../order-changes/change-order.js';
import { lockOrder } from '../../order-changes/order-lock.js';

export interface FiscalRecord {
  provider: OnlinePaymentMethod;
  providerId: string;
  kind: 'PERFORM' | 'CANCEL';
  orderId: string;
  url: string | null;
  data: Record<string, unknown>;
}

/**
 * Keeps a receipt the provider registered; a repeat replaces it. A payment's receipt link becomes
 * the order's `payment.receiptUrl` (the order's `receiptRecorded` change); a refund's is kept beside it.
 */
export async function storeFiscalRecord(executor: Db | Tx, record: FiscalRecord): Promise<void> {
  await executor.transaction(async (tx) => {
    const order = record.kind === 'PERFORM' && record.url ? await lockOrder(tx, record.orderId) : undefined;
    await tx
      .insert(fiscalReceipts)
      .values(record)
      .onConflictDoUpdate({
        target: [fiscalReceipts.provider, fiscalReceipts.providerId, fiscalReceipts.kind],
        set: { url: record.url, data: record.data, orderId: record.orderId },
      });
    if (order && record.url) await changeOrder(tx, order, { name: 'receiptRecorded', url: record.url });
  });
}
