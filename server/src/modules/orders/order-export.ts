import { PassThrough, Readable, type Writable } from 'node:stream';
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
import { orderFilterConditions } from './order-filters.js';
import { EXPORT_WORDS } from './order-export-words.js';

/** Orders read per query; their lines come in one more. Small enough to start streaming at once. */
const BATCH = 500;
/** XLSX rows written before the writer waits for the download to take what it has. */
const XLSX_ROWS_PER_CHECK = 100;
const DAY_MS = 86_400_000;

type Cell = string | number;

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

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The CSV's separator: Excel in Russian and Uzbek (the shop's staff) splits on `;`
 * (docs/decisions/019-abuse-limits.md).
 */
export const CSV_SEPARATOR = ';';

/**
 * A CSV text cell: a formula is neutralised at its start and after every separator, quote or line
 * break inside it (a reader that splits where this file does not, such as Excel set to another
 * separator, must not find a cell starting with one either), and a cell holding any of them is quoted.
 */
export function csvCell(value: Cell): string {
  if (typeof value === 'number') return String(value);
  const text = neutralised(value).replace(/([,;"\r\n])(?=[=+\-@\t\r])/g, "$1'");
  return /[,;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
        ];
      }
    }
    const last = page.at(-1)!;
    after = { createdAt: last.cursor, id: last.order.id };
  }
}

async function* csvChunks(rows: AsyncIterable<Cell[]>, header: string[]): AsyncGenerator<string> {
  // The BOM makes Excel read the file as UTF-8, so Cyrillic and Uzbek letters stay intact.
  yield `\uFEFF${header.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
  let chunk = '';
  let count = 0;
  for await (const row of rows) {
    chunk += `${row.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
    count += 1;
    if (count % 200 === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** ExcelJS's zip streams come from readable-stream 2, which predates `writableNeedDrain`. */
type AnyWritable = Writable & { _writableState?: { needDrain?: boolean } };
const needsDrain = (stream: AnyWritable): boolean =>
  stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/** Resolves once `stream` may be written again, or once the download is gone. */
async function drained(stream: AnyWritable, download: Writable): Promise<void> {
  if (!needsDrain(stream) || download.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      download.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    download.on('close', done);
  });
}

/**
 * ExcelJS's sheet stream writes into the zip without heeding backpressure, and the zip only reads
 * it when the event loop turns (PGlite's queries can answer without one). So every few rows the
 * writer lets the loop turn and waits until the zip's input (the sheet stream's pipes, internal
 * to ExcelJS) and the download have taken what they hold: measured, 100 000 rows then add ~15 MB
 * to the process instead of ~80 MB, and the first byte leaves at once instead of at the end.
 */
function xlsxStream(rows: AsyncIterable<Cell[]>, header: string[], sheetName: string): Readable {
  const out = new PassThrough();
  void (async () => {
    // Loaded on the first XLSX export, and only the streaming writer: ~17 MB of memory, not ExcelJS's ~29.
    const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
    const workbook = new WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName);
    const sheetPipes = () => (sheet as unknown as { stream: { pipes?: AnyWritable[] } }).stream.pipes ?? [];
    sheet.addRow(header).commit();
    let count = 0;
    for await (const row of rows) {
      if (out.destroyed) return;
      // A text cell of a workbook is text, never a formula: written as is, with no visible apostrophe
      // before a phone's plus (the CSV, which a spreadsheet reads as typed input, is neutralised).
      sheet.addRow(row).commit();
      count += 1;
      if (count % XLSX_ROWS_PER_CHECK === 0) {
        await setImmediate();
        for (const pipe of sheetPipes()) await drained(pipe, out);
        await drained(out, out);
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
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
