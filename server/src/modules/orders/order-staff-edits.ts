import { asc, eq } from 'drizzle-orm';
import type { OrderDeliveryPatch, orderPatchSchema } from '@shop/common';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { orderLines } from '../../db/schema.js';
import { notFound } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';
import { changeOrder, removeOrder } from '../order-changes/change-order.js';
import { lockOrder, type LockedOrder } from '../order-changes/order-lock.js';
import type { OrderChange } from '../order-changes/order-changes.js';
import type { OrderPayments } from '../payments/order-payments.js';
import { changeDelivery } from './order-delivery-edit.js';

type PatchOrder = z.output<typeof orderPatchSchema>;

export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');

async function locked(tx: Tx, id: string): Promise<LockedOrder> {
  const order = await lockOrder(tx, id);
  if (!order) throw orderNotFound();
  return order;
}

/**
 * A variant line's units from stock at its new quantity: a line all from stock stays so (more units
 * are taken, 409 when short); a made-to-order line short of stock keeps what it took, at most the quantity.
 */
function stockTakenAfterEdit(
  line: { variantId: string | null; quantity: number; stockTaken: number | null },
  quantity: number,
) {
  if (!line.variantId) return null;
  const taken = line.stockTaken ?? line.quantity;
  return taken >= line.quantity ? quantity : Math.min(taken, quantity);
}

/**
 * A staff edit of an order's lines, status and notes, as one audited change of the order. The
 * payments module says first what the edit may do to money in flight or received (409 otherwise).
 */
export async function editOrder(
  tx: Tx,
  payments: OrderPayments,
  id: string,
  patch: PatchOrder,
  actor: Actor,
): Promise<void> {
  const order = await locked(tx, id);
  const changes: OrderChange[] = [];
  if (patch.products) {
    payments.onStaffLineEdit(order);
    const current = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.position));
    const lines = patch.products.map((edit, position) => {
      const existing = current.find(
        (line) =>
          line.productId === edit.product &&
          line.color === edit.color &&
          (!edit.variantId || line.variantId === edit.variantId),
      );
      if (!existing) throw notFound('NOT_FOUND', 'This order has no such line');
      const { id: _lineId, ...line } = existing;
      // Staff set the price paid: a promo code's share no longer applies to an edited line.
      return {
        ...line,
        position,
        quantity: edit.quantity,
        stockTaken: stockTakenAfterEdit(existing, edit.quantity),
        discountedPrice: edit.discountedPrice,
        promoDiscount: 0,
      };
    });
    changes.push({ name: 'linesEdited', lines });
  }
  if (patch.status && patch.status !== order.status) {
    const refundConfirmed = patch.paymentRefunded ?? false;
    const payment = await payments.onStaffStatusChange(tx, order, patch.status, refundConfirmed);
    changes.push({ name: 'statusSet', status: patch.status, payment, refundConfirmed });
  }
  if (patch.notes !== undefined) changes.push({ name: 'notesSet', notes: patch.notes });
  await changeOrder(tx, order, changes, actor);
}

/** Staff move, readdress or advance a delivery; a move keeps to the slot's capacity. */
export async function editDelivery(
  tx: Tx,
  id: string,
  patch: OrderDeliveryPatch,
  actor: Actor,
): Promise<void> {
  await changeDelivery(tx, await locked(tx, id), patch, actor);
}

/** A paid order keeps its record until refunded (409); an order being paid has its transaction closed first. */
export async function deleteOrder(tx: Tx, payments: OrderPayments, id: string, actor: Actor): Promise<void> {
  const order = await locked(tx, id);
  await payments.onStaffDelete(tx, order);
  await removeOrder(tx, order, actor);
}
