import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders, type OrderRow } from '../../db/schema.js';

declare const locked: unique symbol;

/**
 * An order row read under its row lock, in the transaction that holds it. Only `lockOrder` and a
 * change of this module make one, so a change is always applied to the row as it stands.
 */
export type LockedOrder = OrderRow & { readonly [locked]: true };

/**
 * Locks the order's row for the rest of the transaction and reads it. Whoever takes the lock
 * second (a provider, the sweep, staff) reads what the first committed, so each change happens once.
 */
export async function lockOrder(tx: Tx, id: string): Promise<LockedOrder | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order as LockedOrder | undefined;
}
