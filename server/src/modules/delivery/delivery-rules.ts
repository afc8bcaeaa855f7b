import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isDeliveryDayAllowed, type DeliverySettings, type DeliveryZone, type Region } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { deliverySettings, deliveryZones, orders, type DeliveryZoneRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';

/*
 * The rules the quote, the order and a staff reschedule share: a zone must be open, a day must be
 * one the shopper may choose, and a slot holds at most `slotCapacity` orders that are not cancelled.
 */

type Executor = Db | Tx;

export const toZone = (row: DeliveryZoneRow): DeliveryZone => ({
  region: row.region,
  enabled: row.enabled,
  fee: row.fee,
  freeFrom: row.freeFrom,
  leadDays: row.leadDays,
});

export async function readSettings(executor: Executor): Promise<DeliverySettings> {
  const [row] = await executor.select().from(deliverySettings).where(eq(deliverySettings.id, 1));
  if (!row) throw new Error('delivery_settings has no row: the migrations were not run');
  const { slots, slotCapacity, closedWeekdays, carryPerFloor } = row;
  return { slots, slotCapacity, closedWeekdays, carryPerFloor };
}

/** The zone of a region, or 400 DELIVERY_REGION_UNAVAILABLE when the shop does not deliver there. */
export async function openZone(executor: Executor, region: Region, path: string): Promise<DeliveryZone> {
  const [row] = await executor.select().from(deliveryZones).where(eq(deliveryZones.region, region));
  if (!row?.enabled) {
    throw new AppError(400, 'DELIVERY_REGION_UNAVAILABLE', 'The shop does not deliver to this region', [
      { path, message: 'The shop does not deliver to this region' },
    ]);
  }
  return toZone(row);
}

const dateUnavailable = (path: string, message: string) =>
  new AppError(400, 'DELIVERY_DATE_UNAVAILABLE', message, [{ path, message }]);

/** 400 DELIVERY_DATE_UNAVAILABLE unless the day is open, not before `earliest`, within 30 days. */
export function checkDay(
  day: string,
  at: Date,
  earliest: string,
  settings: DeliverySettings,
  path: string,
  productionLead = 0,
) {
  if (!isDeliveryDayAllowed(day, at, earliest, settings.closedWeekdays, productionLead)) {
    throw dateUnavailable(path, `Delivery is possible from ${earliest}, on open days, up to 30 days ahead`);
  }
}

/** 400 DELIVERY_DATE_UNAVAILABLE for a slot the shop does not run. */
export function checkSlot(slot: string, settings: DeliverySettings, path: string) {
  if (!settings.slots.includes(slot)) {
    throw dateUnavailable(path, `Choose one of the delivery times: ${settings.slots.join(', ')}`);
  }
}

const filling = and(eq(orders.deliveryMethod, 'courier'), ne(orders.status, 'cancelled'));

/** Orders filling each (day, slot) of the given days, keyed `day slot`. */
export async function slotFill(executor: Executor, days: readonly string[]): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const rows = await executor
    .select({ day: orders.deliveryDate, slot: orders.deliverySlot, taken: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(filling, inArray(orders.deliveryDate, [...days])))
    .groupBy(orders.deliveryDate, orders.deliverySlot);
  return new Map(rows.map((row) => [`${row.day} ${row.slot}`, Number(row.taken)]));
}

/**
 * Holds the (day, slot) for the rest of the transaction and counts it; 409 DELIVERY_SLOT_FULL when
 * no place is left. The advisory lock serializes every writer of that slot on both databases, so of
 * two orders racing for the last place the second counts the first (committed before it unlocks).
 */
export async function reserveSlot(
  tx: Tx,
  day: string,
  slot: string,
  capacity: number,
  exceptOrderId?: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`delivery-slot:${day}:${slot}`}))`);
  const [row] = await tx
    .select({ taken: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        filling,
        eq(orders.deliveryDate, day),
        eq(orders.deliverySlot, slot),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
  if (Number(row?.taken ?? 0) >= capacity) {
    throw new AppError(409, 'DELIVERY_SLOT_FULL', `Delivery on ${day} at ${slot} is fully booked`, [
      { path: 'delivery.slot', message: `Delivery on ${day} at ${slot} is fully booked` },
    ]);
  }
}
