import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { and, asc, desc, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  EXPORT_MAX_DAYS,
  REGION_NAMES,
  orderLineTotal,
  orderNumber,
  SHOP_OFFSET_MS,
  shopDayEnd,
  shopDayStart,
  toSom,
  type Language,
  type OrderExportQuery,
} from '@shop/common';
import type { Db } from '../../db/client.js';
import { orderLines, orders, products } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { csvChunks, xlsxStream, type Cell } from '../../plugins/spreadsheet-stream.js';
import { orderFilterConditions } from './order-filters.js';
import { EXPORT_WORDS } from './order-export-words.js';

/** Orders read per query; their lines come in one more. Small enough to start streaming at once. */
const BATCH = 500;
const DAY_MS = 86_400_000;

/** Refuses a period that ends before it starts or is longer than a year: 400, never a 500. */
export function checkExportPeriod(query: OrderExportQuery): void {
  const bad = (field: string, message: string) =>
    new AppError(400, 'VALIDATION_ERROR', message, [{ path: field, message }]);
  const start = query.startDate ? shopDayStart(query.startDate) : undefined;
  const end = query.endDate ? shopDayEnd(query.endDate) : undefined;
  for (const [field, at] of [
    ['startDate', start],
    ['endDate', end],
  ] as const) {
    if (at && Number.isNaN(at.getTime())) throw bad(field, `${field} is not a valid date`);
  }
  if (start && end) {
    if (end.getTime() <= start.getTime()) throw bad('endDate', 'endDate must not be before startDate');
    if (end.getTime() - start.getTime() > EXPORT_MAX_DAYS * DAY_MS)
      throw bad('endDate', `An export covers at most ${EXPORT_MAX_DAYS} days`);
  }
}

/** `2026-11-23 18:04`, the wall clock in Tashkent (UTC+5 all year). */
const tashkentTime = (at: Date): string =>
  new Date(at.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** One row per order line, newest order first; read in batches so memory stays flat. */
async function* exportRows(db: Db, query: OrderExportQuery, lang: Language): AsyncGenerator<Cell[]> {
  const words = EXPORT_WORDS[lang];
  const filters = orderFilterConditions(query);
  // The cursor is the database's own text of created_at (microseconds), not a JS Date (milliseconds).
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    // PGlite answers in this process, possibly without the event loop turning: let the rows
    // already written leave (and the first byte with them) before the next batch is read.
    await setImmediate();
    const page = await db
      .select({ order: orders, cursor: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(
        and(
          ...filters,
          after && sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(BATCH);
    if (page.length === 0) return;
    const lines = await db
      .select({ line: orderLines, name: products.name })
      .from(orderLines)
      .innerJoin(products, sql`${products.id} = ${orderLines.productId}`)
      .where(
        inArray(
          orderLines.orderId,
          page.map(({ order }) => order.id),
        ),
      )
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    const byOrder = new Map<string, typeof lines>();
    for (const entry of lines)
      byOrder.set(entry.line.orderId, [...(byOrder.get(entry.line.orderId) ?? []), entry]);
    for (const { order } of page) {
      const delivery = [
        [
          words.delivery[order.deliveryMethod],
          order.deliveryRegion && REGION_NAMES[order.deliveryRegion][lang],
          order.deliveryDate,
          order.deliverySlot,
        ]
          .filter(Boolean)
          .join(' · '),
        toSom(order.deliveryFee + order.carryFee + order.assemblyFee),
      ];
      const buyer = [order.company?.name ?? '', order.company?.tin ?? '', order.invoiceNumber ?? ''];
      // Goods discount or the delivery fee waived: what the code took off the order.
      const promo = [order.promoCode ?? '', toSom(order.promoDiscount)];
      const common = [
        orderNumber(order.id),
        tashkentTime(order.createdAt),
        words.status[order.status],
        `${words.method[order.paymentMethod]} · ${words.payment[order.paymentStatus]}`,
        order.customerName,
        order.phoneNumber,
      ];
      for (const { line, name } of byOrder.get(order.id) ?? []) {
        yield [
          ...common,
          name,
          line.color,
          line.quantity,
          toSom(line.discountedPrice ?? line.price),
          toSom(orderLineTotal(line)),
          toSom(order.total),
          ...delivery,
          ...buyer,
          ...promo,
          // Last, so the columns staff's own sheets read keep their places.
          line.variantLabel?.[lang] ?? '',
          line.sku ?? '',
        ];
      }
    }
    const last = page.at(-1)!;
    after = { createdAt: last.cursor, id: last.order.id };
  }
}

export interface OrderExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** The staff order list as a file: what the list's filters show, one row per order line. */
export class OrderExport {
  constructor(private readonly db: Db) {}

  file(query: OrderExportQuery): OrderExportFile {
    checkExportPeriod(query);
    const lang = query.lang ?? DEFAULT_LANGUAGE;
    const words = EXPORT_WORDS[lang];
    const rows = exportRows(this.db, query, lang);
    const day = tashkentTime(new Date()).slice(0, 10);
    if (query.format === 'xlsx') {
      return {
        fileName: `orders-${day}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: xlsxStream(rows, words.header, words.sheet),
      };
    }
    return {
      fileName: `orders-${day}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Readable.from(csvChunks(rows, words.header)),
    };
  }
}
