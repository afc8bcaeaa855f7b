import { newId, optionCodeField } from '@shop/common';
import { AppError } from '../../plugins/errors.js';
import { OPTION_COLUMN_PREFIX, SHEET_COLUMNS, type SheetColumn } from './catalogue-sheet.js';

/** The sheet's header and SKU cells, read the same way by every import. */

/** Columns without which a new product cannot be made; the others keep stored values when left out. */
const REQUIRED: readonly SheetColumn[] = ['sku', 'name_uz', 'description_uz', 'category', 'price'];
/** A product's SKU is its id's first 8 characters (docs/decisions/002), so a new one is 8 of 0-9, A-F. */
export const SKU_PATTERN = /^[0-9A-F]{8}$/;

/** The header names known columns once each, and every column a new product needs. */
export function checkHeader(header: readonly string[]): void {
  const named = header.filter((title) => title !== '');
  const isOption = (title: string) =>
    title.startsWith(OPTION_COLUMN_PREFIX) &&
    optionCodeField.safeParse(title.slice(OPTION_COLUMN_PREFIX.length)).data ===
      title.slice(OPTION_COLUMN_PREFIX.length);
  const unknown = named.filter(
    (title) => !(SHEET_COLUMNS as readonly string[]).includes(title) && !isOption(title),
  );
  const repeated = named.filter((title, index) => named.indexOf(title) !== index);
  const missing = REQUIRED.filter((column) => !named.includes(column));
  const problems = [
    missing.length && `missing: ${missing.join(', ')}`,
    unknown.length && `unknown: ${unknown.slice(0, 10).join(', ')}`,
    repeated.length && `repeated: ${[...new Set(repeated)].join(', ')}`,
  ].filter(Boolean);
  if (problems.length) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `The first row of the first sheet must name the columns (${SHEET_COLUMNS.join(', ')}, and option_<code> ` +
        `for options); ${problems.join('; ')}`,
    );
  }
}

/** A spreadsheet program reads an all-digit SKU as a number and drops its leading zeros: put them back. */
export const skuOf = (cell: string): string =>
  /^\d{1,7}$/.test(cell) ? cell.padStart(8, '0') : cell.toUpperCase();

/** A new product's id: its SKU in lower case, then random characters. */
export const idForSku = (code: string) => () => code.toLowerCase() + newId().slice(8);
