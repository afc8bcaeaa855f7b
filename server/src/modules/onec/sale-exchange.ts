import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { onecProducts, onecSentOrders, orderLines, orders, products } from '../../db/schema.js';
import type { Actor } from '../audit/audit-log.js';
import { changeOrder } from '../order-changes/change-order.js';
import { lockOrder } from '../order-changes/order-lock.js';
import type { OrderPayments } from '../payments/order-payments.js';
import { readOrderDocuments, type OrderDocument } from './commerceml.js';
import { ordersXml, type LineForOnec } from './orders-xml.js';

/** Orders in one `mode=query` answer; the rest follow in the next exchange. */
const ORDERS_PER_QUERY = 500;

const isTrue = (text: string | undefined) => /^(true|да|1)$/i.test((text ?? '').trim());
const STATUS_WORDS: readonly [OrderStatus, RegExp][] = [
  ['cancelled', /^(cancelled|отмен|bekor)/i],
  ['new', /^(new|нов|yangi)/i],
  ['ordered', /^(ordered|в работе|принят|подтвержд|выполн|отгруж|закрыт|rasmiylashtirilgan)/i],
];

/** The status 1C gives an order: cancelled or marked deleted, a named status, or posted (ordered). */
export function statusOf({ details }: OrderDocument): OrderStatus | undefined {
  if (isTrue(details.get('Отменен')) || isTrue(details.get('ПометкаУдаления'))) return 'cancelled';
  const named = (details.get('Статус заказа') ?? details.get('СтатусЗаказа') ?? '').replace(
    /^\[[^\]]*\]\s*/,
    '',
  );
  const found = STATUS_WORDS.find(([, pattern]) => pattern.test(named.trim()));
  if (found) return found[0];
  return isTrue(details.get('Проведен')) ? 'ordered' : undefined;
}

/** The orders side of the exchange: what 1C has not seen, what it confirmed, what it changed. */
export class SaleExchange {
  constructor(
    private readonly db: Db,
    private readonly payments: OrderPayments,
  ) {}

  /** Orders changed since 1C last confirmed them, oldest change first, remembered as pending. */
  async query(now: Date): Promise<string> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .select({ order: orders })
        .from(orders)
        .leftJoin(onecSentOrders, eq(onecSentOrders.orderId, orders.id))
        .where(or(isNull(onecSentOrders.sentVersion), ne(onecSentOrders.sentVersion, orders.updatedAt)))
        .orderBy(asc(orders.updatedAt), asc(orders.id))
        .limit(ORDERS_PER_QUERY);
      const ids = changed.map(({ order }) => order.id);
      const lines = ids.length ? await this.linesOf(tx, ids) : [];
      // Copied in SQL: a JavaScript Date keeps milliseconds, the column microseconds.
      if (ids.length) {
        await tx.execute(sql`
          insert into onec_sent_orders (order_id, pending_version)
          select id, updated_at from orders where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          on conflict (order_id) do update set pending_version = excluded.pending_version`);
      }
      return ordersXml(
        changed.map(({ order }) => ({ order, lines: lines.filter((line) => line.orderId === order.id) })),
        now,
      );
    });
  }

  /** 1C read the last query's orders: they count as sent in the version it got. */
  async confirm(): Promise<void> {
    await this.db
      .update(onecSentOrders)
      .set({ sentVersion: sql`${onecSentOrders.pendingVersion}`, pendingVersion: null })
      .where(isNotNull(onecSentOrders.pendingVersion));
  }

  /**
   * Status changes 1C sends back, all in one transaction: each through the order's one writer, with
   * what the payments module says the change does to money; any refusal leaves every order as it was.
   */
  async receive(file: string, actor: Actor): Promise<{ changed: number; unknown: number }> {
    const documents = await readOrderDocuments(file);
    return this.db.transaction(async (tx) => {
      let changed = 0;
      let unknown = 0;
      for (const document of documents) {
        const status = statusOf(document);
        const order = await lockOrder(tx, document.id);
        if (!order) {
          unknown += 1;
          continue;
        }
        if (!status || status === order.status) continue;
        const payment = await this.payments.onStaffStatusChange(tx, order, status, false);
        await changeOrder(tx, order, { name: 'statusSet', status, payment, refundConfirmed: false }, actor);
        // 1C made this version itself: it is not sent back to it.
        await tx.execute(sql`
          insert into onec_sent_orders (order_id, sent_version)
          select id, updated_at from orders where id = ${order.id}
          on conflict (order_id) do update set sent_version = excluded.sent_version, pending_version = null`);
        changed += 1;
      }
      return { changed, unknown };
    });
  }

  private async linesOf(tx: Tx, ids: string[]): Promise<LineForOnec[]> {
    const rows = await tx
      .select({
        line: orderLines,
        productName: products.name,
        onecId: sql<
          string | null
        >`(select ${onecProducts.onecId} from ${onecProducts} where ${onecProducts.productId} = ${orderLines.productId} limit 1)`,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(and(inArray(orderLines.orderId, ids)))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    return rows.map(({ line, productName, onecId }) => ({ ...line, productName, onecId }));
  }
}
