import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { REMOVED_PERSONAL_DATA } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';

const REMOVED = REMOVED_PERSONAL_DATA;

/**
 * The buyer's personal data on orders kept for accounting, replaced: name, phone, delivery address,
 * notes, the company's contact person, the order link's hash and the client addresses. What was
 * bought, the amounts, the company's requisites on its invoice and the fiscal data stay.
 */
async function removeBuyerData(tx: Tx, where: SQL): Promise<number> {
  const changed = await tx
    .update(orders)
    .set({
      customerName: REMOVED,
      phoneNumber: REMOVED,
      notes: '',
      orderKeyHash: null,
      clientAddress: null,
      deliveryAddress: sql`case when ${orders.deliveryAddress} is null then null
        else jsonb_build_object('street', ${REMOVED}::text, 'house', ${REMOVED}::text) end`,
      company: sql`case when ${orders.company} is null then null
        else jsonb_set(${orders.company}, '{contactName}', to_jsonb(${REMOVED}::text)) end`,
      consent: sql`case when ${orders.consent} is null then null
        else ${orders.consent} - 'address' end`,
      updatedAt: new Date(),
    })
    .where(and(where, sql`${orders.phoneNumber} <> ${REMOVED}`))
    .returning({ id: orders.id });
  return changed.length;
}

/** Every order placed with `phone`: the owner deleted their account. */
export const removeBuyerDataOfPhone = (tx: Tx, phone: string) =>
  removeBuyerData(tx, eq(orders.phoneNumber, phone));

/** Orders delivered or cancelled before `before` (their last change), at most `batch` of them. */
export async function removeOldBuyerData(tx: Tx, before: Date, batch: number): Promise<number> {
  const finished = or(eq(orders.status, 'cancelled'), eq(orders.deliveryStatus, 'delivered'))!;
  const due = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(finished, lt(orders.updatedAt, before), sql`${orders.phoneNumber} <> ${REMOVED}`))
    .limit(batch);
  return removeBuyerData(tx, sql`${orders.id} in (${due})`);
}
