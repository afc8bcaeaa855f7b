import { shopDay, type OrderDeliveryPatch } from '@shop/common';
import type { Tx } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';
import { checkDay, checkSlot, readSettings, reserveSlot } from '../delivery/delivery-rules.js';
import type { DeliveryColumns } from '../delivery/order-delivery.js';
import { changeOrder } from '../order-changes/change-order.js';
import type { LockedOrder } from '../order-changes/order-lock.js';

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
): Promise<Partial<DeliveryColumns>> {
  const changes: Partial<DeliveryColumns> = {};
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

/** Writes a staff delivery edit of the locked order (the order's `deliveryChanged` change, audited). */
export async function changeDelivery(tx: Tx, order: LockedOrder, patch: OrderDeliveryPatch, actor: Actor) {
  const delivery = await deliveryChanges(tx, order, patch);
  await changeOrder(tx, order, { name: 'deliveryChanged', delivery }, actor);
}
