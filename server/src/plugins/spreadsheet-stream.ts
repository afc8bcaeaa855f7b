import { PassThrough, Readable, type Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';

/** Spreadsheet files streamed to a download: the order list's and the catalogue's exports. */

export type Cell = string | number;

/** XLSX rows written before the writer waits for the download to take what it has. */
const XLSX_ROWS_PER_CHECK = 100;

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The CSV's separator: Excel in Russian and Uzbek (the shop's staff) splits on `;`
 * (docs/decisions/019-abuse-limits.md).
 */
const CSV_SEPARATOR = ';';

/**
 * A CSV text cell: a formula is neutralised at its start and after every separator, quote or line
 * break inside it (a reader that splits where this file does not, such as Excel set to another
 * separator, must not find a cell starting with one either), and a cell holding any of them is quoted.
 */
function csvCell(value: Cell): string {
  if (typeof value === 'number') return String(value);
  const text = neutralised(value).replace(/([,;"\r\n])(?=[=+\-@\t\r])/g, "$1'");
  return /[,;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function* csvChunks(rows: AsyncIterable<Cell[]>, header: string[]): AsyncGenerator<string> {
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
export function xlsxStream(rows: AsyncIterable<Cell[]>, header: string[], sheetName: string): Readable {
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
