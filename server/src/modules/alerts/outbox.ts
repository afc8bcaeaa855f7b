import { asc, eq } from 'drizzle-orm';
import { orderLineTotal, orderNumber, type StaffAlertKind } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { orderLines, orders, products, staffAlerts } from '../../db/schema.js';

/**
 * Puts a staff alert in the outbox, in the caller's transaction: the alert exists exactly when
 * the change it tells of committed. What it says is read now, so a later edit or deletion of the
 * order does not change a message about what happened then. The worker (`alert-worker.ts`) sends it.
 */
export async function enqueueOrderAlert(tx: Tx, kind: StaffAlertKind, orderId: string): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const lines = await tx
    .select({ line: orderLines, name: products.name })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  await tx.insert(staffAlerts).values({
    kind,
    orderId,
    payload: {
      orderNumber: orderNumber(order.id),
      customerName: order.customerName,
      phoneNumber: order.phoneNumber,
      total: order.total,
      paymentMethod: order.paymentMethod,
      lines: lines.map(({ line, name }) => ({
        name,
        color: line.color,
        quantity: line.quantity,
        lineTotal: orderLineTotal(line),
      })),
    },
  });
}
