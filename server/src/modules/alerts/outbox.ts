import { asc, eq } from 'drizzle-orm';
import { orderLineTotal, orderNumber, type StaffAlertKind } from '@shop/common';
import type { Tx } from '../../db/client.js';
import {
  orderLines,
  orders,
  products,
  staffAlerts,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema.js';

type AlertDelivery = Pick<
  OrderRow,
  | 'deliveryMethod'
  | 'deliveryRegion'
  | 'deliveryAddress'
  | 'deliveryFloor'
  | 'deliveryLift'
  | 'deliveryDate'
  | 'deliverySlot'
  | 'deliveryAssembly'
>;
type AlertLine = Pick<OrderLineRow, 'color' | 'quantity' | 'price' | 'discountedPrice'> &
  Partial<Pick<OrderLineRow, 'sku' | 'variantLabel'>> & { name: string };

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
  await tx.insert(staffAlerts).values(
    orderAlertRow(
      kind,
      order,
      lines.map(({ line, name }) => ({ ...line, name })),
    ),
  );
}

/**
 * The outbox row of an alert about an order the caller already holds (placing one builds it from
 * what it is writing, in the same statement), so the hot path does not read back what it wrote.
 * `lines` are in position order.
 */
export function orderAlertRow(
  kind: StaffAlertKind,
  order: Pick<OrderRow, 'id' | 'customerName' | 'phoneNumber' | 'total' | 'paymentMethod'> &
    Partial<AlertDelivery> &
    Partial<Pick<OrderRow, 'company'>>,
  lines: readonly AlertLine[],
): typeof staffAlerts.$inferInsert {
  return {
    kind,
    orderId: order.id,
    payload: {
      orderNumber: orderNumber(order.id),
      customerName: order.customerName,
      phoneNumber: order.phoneNumber,
      total: order.total,
      paymentMethod: order.paymentMethod,
      ...(order.company && { company: { name: order.company.name, tin: order.company.tin } }),
      lines: lines.map((line) => ({
        name: line.name,
        color: line.color,
        quantity: line.quantity,
        lineTotal: orderLineTotal(line),
        ...(line.variantLabel && { variant: line.variantLabel.uz }),
        ...(line.sku && { sku: line.sku }),
      })),
      delivery: {
        method: order.deliveryMethod ?? 'arrange',
        ...(order.deliveryRegion && { region: order.deliveryRegion }),
        ...(order.deliveryAddress && { address: order.deliveryAddress }),
        ...(order.deliveryFloor != null && { floor: order.deliveryFloor }),
        ...(order.deliveryLift != null && { lift: order.deliveryLift }),
        ...(order.deliveryDate && { date: order.deliveryDate }),
        ...(order.deliverySlot && { slot: order.deliverySlot }),
        assembly: order.deliveryAssembly ?? false,
      },
    },
  };
}
