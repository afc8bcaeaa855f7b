import { eq, sql } from 'drizzle-orm';
import type { OnlinePaymentMethod } from '@shop/common';
import type { Db, Tx } from '../../../db/client.js';
import { fiscalReceipts, orders } from '../../../db/schema.js';

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
 * the order's `payment.receiptUrl`; a refund's is kept beside it.
 */
export async function storeFiscalRecord(executor: Db | Tx, record: FiscalRecord): Promise<void> {
  await executor
    .insert(fiscalReceipts)
    .values(record)
    .onConflictDoUpdate({
      target: [fiscalReceipts.provider, fiscalReceipts.providerId, fiscalReceipts.kind],
      set: { url: record.url, data: record.data, orderId: record.orderId },
    });
  if (record.kind === 'PERFORM' && record.url) {
    await executor
      .update(orders)
      .set({ receiptUrl: record.url, updatedAt: sql`now()` })
      .where(eq(orders.id, record.orderId));
  }
}
