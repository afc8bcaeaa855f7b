import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../plugins/errors.js';

/** Data rows one import takes: a catalogue of thousands, with room; more is refused whole. */
export const MAX_SHEET_ROWS = 10_000;
/** What a workbook may unpack to: a small file that inflates to gigabytes is refused before reading. */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
const MAX_CELL_CHARS = 10_000;

export interface SheetTable {
  header: string[];
  /** Data rows, each as long as the header; `line` is the row's number in the file (header = 1). */
  rows: { line: number; cells: string[] }[];
}

const bad = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);

/** Sums the sizes a zip's central directory declares, without unpacking anything. */
function unzippedSize(file: Buffer): number {
  const from = Math.max(0, file.length - 65_557);
  let end = -1;
  for (let at = file.length - 22; at >= from; at -= 1) {
    if (file.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw bad('The file is not a readable XLSX workbook (its zip directory is missing)');
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) {
      throw bad('The file is not a readable XLSX workbook (its zip directory is broken)');
    }
    total += file.readUInt32LE(at + 24);
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return total;
}

/** A cell as text: numbers as typed, rich text joined, a formula by its result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if ('result' in cell) return cellText(cell.result);
  }
  return '';
}

function tooLong(cells: string[], line: number): void {
  if (cells.some((cell) => cell.length > MAX_CELL_CHARS)) {
    throw bad(`Row ${line} has a cell longer than ${MAX_CELL_CHARS} characters`);
  }
}

function tooMany(line: number): void {
  if (line > MAX_SHEET_ROWS + 1)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `A file may hold at most ${MAX_SHEET_ROWS} rows`);
}

/** The first sheet of a workbook, read as a stream: rows are taken as they unpack. */
async function readXlsx(file: Buffer): Promise<string[][]> {
  if (unzippedSize(file) > MAX_UNZIPPED_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The workbook unpacks to more than 64 MB');
  }
  const { default: WorkbookReader } = await import('exceljs/lib/stream/xlsx/workbook-reader.js');
  const reader = new WorkbookReader(Readable.from(file), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const lines: string[][] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1);
        const cells = Array.from(values, cellText);
        tooMany(row.number);
        tooLong(cells, row.number);
        while (lines.length < row.number - 1) lines.push([]);
        lines.push(cells);
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw bad('The file is not a readable XLSX workbook');
  }
  return lines;
}

/** Undoes the export's formula guard (plugins/spreadsheet-stream.ts csvCell): the apostrophes it added. */
const unguarded = (cell: string): string =>
  cell.replace(/^'(?=[=+\-@\t\r])/, '').replace(/([,;"\r\n])'(?=[=+\-@\t\r])/g, '$1');

/**
 * The export writes `;` (what Excel in Russian and Uzbek expects); a sheet saved elsewhere may use
 * `,`. The header row says which: both at once would split a cell such as `oq, qora`.
 */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const count = (separator: string) => header.split(separator).length;
  return count(',') > count(';') ? ',' : ';';
}

function readCsv(file: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A CSV file must be UTF-8 text');
  }
  if (text.includes('\u0000')) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is not CSV text');
  try {
    const records: string[][] = parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      relax_column_count: true,
      max_record_size: MAX_CELL_CHARS * 4,
      to_line: MAX_SHEET_ROWS + 2,
    });
    return records.map((cells) => cells.map(unguarded));
  } catch (error) {
    throw bad(`The CSV file could not be read: ${(error as Error).message.slice(0, 200)}`);
  }
}

const isZip = (file: Buffer) => file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;

/**
 * An uploaded sheet as a header and text rows: XLSX by its zip signature, CSV by its name;
 * anything else is 415. Blank rows are dropped; rows are numbered as the owner sees them.
 */
export async function readSheet(file: Buffer, fileName: string): Promise<SheetTable> {
  const name = fileName.toLowerCase();
  let lines: string[][];
  if (name.endsWith('.xlsx')) {
    if (!isZip(file)) throw bad('The file is named .xlsx but is not an XLSX workbook');
    lines = await readXlsx(file);
  } else if (name.endsWith('.csv')) {
    if (isZip(file)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is named .csv but is a zip');
    lines = readCsv(file);
    tooMany(lines.length);
    lines.forEach((cells, index) => tooLong(cells, index + 1));
  } else {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send an .xlsx or .csv file');
  }
  const [header = [], ...rest] = lines;
  const width = header.length;
  return {
    header: header.map((title) => title.trim().toLowerCase()),
    rows: rest
      .map((cells, index) => ({
        line: index + 2,
        cells: Array.from({ length: width }, (_, column) => (cells[column] ?? '').trim()),
      }))
      .filter((row) => row.cells.some((cell) => cell !== '')),
  };
}
