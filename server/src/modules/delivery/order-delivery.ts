import {
  earliestDeliveryDay,
  initialDeliveryStatus,
  priceDelivery,
  type DeliveryPrice,
  type OrderDelivery,
  type OrderDeliveryOrder,
  type QuoteLine,
} from '@shop/common';
import type { Tx } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { checkDay, checkSlot, openZone, readSettings, reserveSlot } from './delivery-rules.js';

/** The delivery columns of an order row. */
export type DeliveryColumns = Pick<
  OrderRow,
  | 'deliveryMethod'
  | 'deliveryRegion'
  | 'deliveryAddress'
  | 'deliveryFloor'
  | 'deliveryLift'
  | 'deliveryDate'
  | 'deliverySlot'
  | 'deliveryAssembly'
  | 'deliveryFee'
  | 'assemblyFee'
  | 'carryFee'
  | 'deliveryStatus'
>;

/** 400 PICKUP_UNAVAILABLE: a shop with no address (`SHOP_ADDRESS`) has nowhere to collect from. */
export function requirePickupPlace(
  delivery: OrderDeliveryOrder | undefined,
  shopAddress: string | undefined,
) {
  if (delivery?.method !== 'pickup' || shopAddress) return;
  throw new AppError(400, 'PICKUP_UNAVAILABLE', 'This shop has no address to collect an order from', [
    { path: 'delivery.method', message: 'Pickup is not offered: the shop has no address' },
  ]);
}

const ARRANGE: OrderDeliveryOrder = { method: 'arrange', floor: 1, lift: false, assembly: false };

/**
 * Prices and books a new order's delivery inside the order's transaction, with the same rule as the
 * quote (so the two agree to the so'm). A courier delivery checks its zone, day and slot and holds
 * a place in the slot until the transaction ends.
 */
export async function planOrderDelivery(
  tx: Tx,
  input: OrderDeliveryOrder | undefined,
  lines: readonly QuoteLine[],
  now: Date,
  freeFromEverywhere: number | null = null,
  /** Working days made-to-order goods take before delivery can start. */
  productionLead = 0,
): Promise<{ columns: DeliveryColumns; price: DeliveryPrice }> {
  const delivery = input ?? ARRANGE;
  const courier = delivery.method === 'courier';
  const settings = await readSettings(tx);
  const zone = courier ? await openZone(tx, delivery.region!, 'delivery.region') : null;
  if (courier) {
    const earliest = earliestDeliveryDay(now, zone!.leadDays + productionLead, settings.closedWeekdays);
    checkDay(delivery.date!, now, earliest, settings, 'delivery.date', productionLead);
    checkSlot(delivery.slot!, settings, 'delivery.slot');
    await reserveSlot(tx, delivery.date!, delivery.slot!, settings.slotCapacity);
  }
  const price = priceDelivery({
    lines,
    method: delivery.method,
    zone,
    carryPerFloor: settings.carryPerFloor,
    assembly: delivery.assembly,
    floor: delivery.floor,
    lift: delivery.lift,
    freeFromEverywhere,
  });
  const columns: DeliveryColumns = {
    deliveryMethod: delivery.method,
    deliveryRegion: delivery.method === 'arrange' ? null : (delivery.region ?? null),
    deliveryAddress: courier ? delivery.address! : null,
    deliveryFloor: courier ? delivery.floor : null,
    deliveryLift: courier ? delivery.lift : null,
    deliveryDate: courier ? delivery.date! : null,
    deliverySlot: courier ? delivery.slot! : null,
    deliveryAssembly: price.assembly > 0,
    deliveryFee: price.delivery,
    assemblyFee: price.assembly,
    carryFee: price.carry,
    deliveryStatus: initialDeliveryStatus(delivery.method),
  };
  return { columns, price };
}

/** The fees an order's total carries on top of its goods. */
export const deliveryFees = (row: Pick<OrderRow, 'deliveryFee' | 'assemblyFee' | 'carryFee'>) =>
  row.deliveryFee + row.assemblyFee + row.carryFee;

/** An order's delivery on the wire; `withAddress` false for readers who proved nothing (lookup by phone). */
export function deliveryOf(row: OrderRow, withAddress = true): OrderDelivery {
  return {
    method: row.deliveryMethod,
    ...(row.deliveryRegion && { region: row.deliveryRegion }),
    ...(withAddress && row.deliveryAddress && { address: row.deliveryAddress }),
    ...(row.deliveryFloor !== null && { floor: row.deliveryFloor }),
    ...(row.deliveryLift !== null && { lift: row.deliveryLift }),
    ...(row.deliveryDate && { date: row.deliveryDate }),
    ...(row.deliverySlot && { slot: row.deliverySlot }),
    assembly: row.deliveryAssembly,
    fee: row.deliveryFee,
    assemblyFee: row.assemblyFee,
    carryFee: row.carryFee,
    status: row.deliveryStatus,
  };
}
