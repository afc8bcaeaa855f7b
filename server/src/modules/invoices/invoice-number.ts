import { sql } from 'drizzle-orm';
import { shopDay } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { invoiceCounters } from '../../db/schema.js';

/**
 * The next invoice number of the Tashkent year, `2026-000001`, taken inside the order's transaction.
 * The upsert locks the year's row until that transaction ends: concurrent orders wait their turn,
 * and an order that rolls back gives its number back, so the numbers have no gaps.
 */
export async function nextInvoiceNumber(tx: Tx, at: Date): Promise<string> {
  const year = Number(shopDay(at).slice(0, 4));
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return `${year}-${String(row!.last).padStart(6, '0')}`;
}
