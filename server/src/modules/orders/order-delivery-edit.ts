import { eq, sql } from 'drizzle-orm';
import { shopDay, type OrderDeliveryPatch } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { orders, type OrderRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { checkDay, checkSlot, readSettings, reserveSlot } from '../delivery/delivery-rules.js';
import { deliveryOf } from '../delivery/order-delivery.js';
import { enqueueChangeNews } from '../telegram-shop/order-news.js';

const onlyCourier = (path: string) =>
  new AppError(400, 'VALIDATION_ERROR', 'Only a courier delivery has a date, a slot and an address', [
    { path, message: 'Only a courier delivery has a date, a slot and an address' },
  ]);

/**
 * The columns a staff delivery edit changes. Staff may move a delivery to any open day from today
 * (no lead days: they know what the van can do), within the slot's capacity; a move of a failed
 * delivery schedules it again.
 */
async function deliveryChanges(
  tx: Tx,
  order: OrderRow,
  patch: OrderDeliveryPatch,
  now = new Date(),
): Promise<Partial<OrderRow>> {
  const changes: Partial<OrderRow> = {};
  const moving = patch.date !== undefined || patch.slot !== undefined;
  if ((moving || patch.address) && order.deliveryMethod !== 'courier') {
    throw onlyCourier(patch.address ? 'address' : 'date');
  }
  if (moving) {
    const settings = await readSettings(tx);
    const day = patch.date ?? order.deliveryDate!;
    const slot = patch.slot ?? order.deliverySlot!;
    if (patch.date !== undefined) checkDay(day, now, shopDay(now), settings, 'date');
    checkSlot(slot, settings, 'slot');
    if (order.status !== 'cancelled') await reserveSlot(tx, day, slot, settings.slotCapacity, order.id);
    Object.assign(changes, { deliveryDate: day, deliverySlot: slot });
    if (order.deliveryStatus === 'failed' && !patch.status) changes.deliveryStatus = 'scheduled';
  }
  if (patch.address) changes.deliveryAddress = patch.address;
  if (patch.status) changes.deliveryStatus = patch.status;
  return changes;
}

/** An order taken back from cancelled takes its slot again, if a place is left (409 otherwise). */
export async function retakeSlot(tx: Tx, order: OrderRow): Promise<void> {
  if (order.deliveryMethod !== 'courier' || !order.deliveryDate || !order.deliverySlot) return;
  const settings = await readSettings(tx);
  await reserveSlot(tx, order.deliveryDate, order.deliverySlot, settings.slotCapacity, order.id);
}

/** Writes a staff delivery edit of the locked order, with its audit entry. */
export async function changeDelivery(tx: Tx, order: OrderRow, patch: OrderDeliveryPatch, actor: Actor) {
  const changes = await deliveryChanges(tx, order, patch);
  const [updated] = await tx
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  await recordAudit(tx, actor, {
    action: 'update',
    entity: 'order',
    entityId: order.id,
    before: { delivery: deliveryOf(order) },
    after: { delivery: deliveryOf(updated!) },
  });
  await enqueueChangeNews(tx, order, updated!);
}
