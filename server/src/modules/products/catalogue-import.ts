import { inArray, sql } from 'drizzle-orm';
import { newId } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { products, type ProductRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';
import { SHEET_COLUMNS, type SheetColumn, type SheetRow } from './catalogue-sheet.js';
import type { ProductWrites } from './product-writes.js';
import type { SheetTable } from './sheet-file.js';
import { planRow, type RowError, type RowPlan } from './sheet-row.js';

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
}

/** Columns without which a new product cannot be made; the others keep stored values when left out. */
const REQUIRED: readonly SheetColumn[] = ['sku', 'name_uz', 'description_uz', 'category', 'price'];
/** A product's SKU is its id's first 8 characters (docs/decisions/002), so a new one is 8 of 0-9, A-F. */
const SKU_PATTERN = /^[0-9A-F]{8}$/;
/** Errors listed before the report stops counting: a wrong file would otherwise list every cell. */
const MAX_ERRORS = 500;

/** A refused import, carrying its report out of the transaction it rolls back. */
class ImportRefused extends Error {
  constructor(readonly report: ImportReport) {
    super('Import refused');
  }
}

/** The header names known columns once each, and every column a new product needs. */
function checkHeader(header: readonly string[]): void {
  const named = header.filter((title) => title !== '');
  const unknown = named.filter((title) => !(SHEET_COLUMNS as readonly string[]).includes(title));
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
      `The first row of the first sheet must name the columns (${SHEET_COLUMNS.join(', ')}); ${problems.join('; ')}`,
    );
  }
}

/** A spreadsheet program reads an all-digit SKU as a number and drops its leading zeros: put them back. */
const skuOf = (cell: string): string => (/^\d{1,7}$/.test(cell) ? cell.padStart(8, '0') : cell.toUpperCase());

/** A new product's id: its SKU in lower case, then random characters. */
const idForSku = (code: string) => () => code.toLowerCase() + newId().slice(8);

/**
 * Brings a spreadsheet into the catalogue through the product writes the staff form uses, all rows
 * in one transaction: any row's error leaves the catalogue as it was.
 */
export class CatalogueImport {
  constructor(
    private readonly db: Db,
    private readonly writes: ProductWrites,
  ) {}

  async run(table: SheetTable, actor: Actor, dryRun: boolean): Promise<ImportReport> {
    checkHeader(table.header);
    if (dryRun) return (await this.plan(this.db, table)).report;
    try {
      return await this.db.transaction(async (tx) => {
        const { report, plans } = await this.plan(tx, table);
        if (report.errors.length) throw new ImportRefused(report);
        for (const { line, plan } of plans) await this.apply(tx, line, plan, actor, report);
        return report;
      });
    } catch (error) {
      if (error instanceof ImportRefused) return error.report;
      throw error;
    }
  }

  private async apply(tx: Tx, line: number, plan: RowPlan, actor: Actor, report: ImportReport) {
    try {
      if (plan.kind === 'create') await this.writes.create(plan.form, [], actor, { id: plan.id, within: tx });
      if (plan.kind === 'update') await this.writes.update(plan.id, plan.changes, [], actor, tx);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new ImportRefused({ ...report, errors: [{ row: line, column: 'sku', message: error.message }] });
    }
  }

  /** Every row checked against the products its SKUs name, read in `executor` (the import's transaction). */
  private async plan(executor: Db | Tx, table: SheetTable) {
    const report: ImportReport = { created: 0, updated: 0, unchanged: 0, errors: [] };
    const plans: { line: number; plan: RowPlan }[] = [];
    const stored = await this.storedBySku(executor, table);
    const seen = new Set<string>();
    for (const { line, cells } of table.rows) {
      if (report.errors.length >= MAX_ERRORS) break;
      const given: Partial<SheetRow> = {};
      table.header.forEach((title, index) => {
        if (title) given[title as SheetColumn] = cells[index] ?? '';
      });
      const code = skuOf(given.sku ?? '');
      const matches = stored.get(code) ?? [];
      const refuse = (message: string) => report.errors.push({ row: line, column: 'sku', message });
      if (seen.has(code)) refuse('This sku is on an earlier row too');
      else if (!SKU_PATTERN.test(code))
        refuse('An sku is 8 characters of 0-9 and A-F (a new product: choose one)');
      else if (matches.length > 1) refuse('Two products share this sku: edit them in the product form');
      else if (matches[0]?.isDeleted) refuse('This product is deleted: restore it in the back office first');
      seen.add(code);
      if (report.errors.at(-1)?.row === line) continue;
      const outcome = planRow(line, { ...given, sku: code }, matches[0], idForSku(code));
      if ('errors' in outcome) {
        report.errors.push(...outcome.errors);
        continue;
      }
      plans.push({ line, plan: outcome.plan });
      report[
        outcome.plan.kind === 'create' ? 'created' : outcome.plan.kind === 'update' ? 'updated' : 'unchanged'
      ] += 1;
    }
    report.errors = report.errors.slice(0, MAX_ERRORS);
    return { report, plans };
  }

  /** The products the sheet's SKUs name (deleted ones too), by SKU. */
  private async storedBySku(executor: Db | Tx, table: SheetTable): Promise<Map<string, ProductRow[]>> {
    const skuColumn = table.header.indexOf('sku');
    const prefixes = [
      ...new Set(table.rows.map(({ cells }) => skuOf(cells[skuColumn] ?? '').toLowerCase())),
    ].filter((code) => /^[0-9a-f]{8}$/.test(code));
    const byCode = new Map<string, ProductRow[]>();
    for (let start = 0; start < prefixes.length; start += 1000) {
      const rows = await executor
        .select()
        .from(products)
        .where(inArray(sql`left(${products.id}, 8)`, prefixes.slice(start, start + 1000)));
      for (const row of rows) {
        const code = row.id.slice(0, 8).toUpperCase();
        byCode.set(code, [...(byCode.get(code) ?? []), row]);
      }
    }
    return byCode;
  }
}
