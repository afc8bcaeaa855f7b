import type { Tx } from '../../db/client.js';
import { orderLines, orders, products, staffAlerts, type OrderRow } from '../../db/schema.js';
import { orderAlertRow } from '../alerts/outbox.js';
import { takeStockSql } from '../stock/stock.js';
import { enqueueOrderNews } from '../telegram-shop/order-news.js';
import { PLACED_TELLS } from './change-effects.js';
import type { EditedLine } from './order-changes.js';

/** A line of the new order with its product's name, as the staff alert shows it. */
export type NamedLine = EditedLine & { name: string };

/**
 * Writes a new order in one statement while the caller holds its products' rows locked: the stock
 * of plain products taken (`wanted`; variants' stock is taken before), the lines, the staff alert (naming the lines' products) and the order (foreign keys are checked at the
 * statement's end); then its customer's news. Nothing is read back but the order row.
 */
export async function writePlacedOrder(
  tx: Tx,
  order: typeof orders.$inferInsert & Parameters<typeof orderAlertRow>[1],
  lines: readonly EditedLine[],
  named: readonly NamedLine[],
  wanted: Map<string, number>,
): Promise<OrderRow> {
  const stock =
    wanted.size > 0 ? [tx.$with('taken_stock', { id: products.id }).as(takeStockSql(wanted))] : [];
  const lineRows = tx.$with('order_lines_written').as(
    tx
      .insert(orderLines)
      .values([...lines])
      .returning({ id: orderLines.id }),
  );
  const alert = tx.$with('alert_written').as(
    tx
      .insert(staffAlerts)
      .values(orderAlertRow(PLACED_TELLS.alert, order, named))
      .returning({ id: staffAlerts.id }),
  );
  const [written] = await tx
    .with(...stock, lineRows, alert)
    .insert(orders)
    .values(order)
    .returning();
  await enqueueOrderNews(tx, written!.id, PLACED_TELLS.news);
  return written!;
}
