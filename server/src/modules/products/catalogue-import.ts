import { inArray, sql } from 'drizzle-orm';
import { newId, type ProductVariantsInput } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { products, productVariants, type ProductRow } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';
import { NO, variantsOf } from './catalogue-sheet.js';
import { SKU_PATTERN, checkHeader, idForSku, skuOf } from './sheet-header.js';
import type { ImageUpload } from './images.js';
import type { ProductWrites } from './product-writes.js';
import { pictureProblem, picturesOf } from './sheet-pictures.js';
import type { SheetTable } from './sheet-file.js';
import { planRow, type RowError, type RowPlan } from './sheet-row.js';
import {
  isVariantLine,
  optionColumnsOf,
  planVariantGroup,
  type VariantGroupPlan,
  type VariantLine,
} from './sheet-variants.js';

/** The products module's variant writer, joining the import's transaction. */
export type VariantWrite = (
  tx: Tx,
  productId: string,
  input: ProductVariantsInput,
  actor: Actor,
) => Promise<unknown>;

/** A planned write: a product without variants (a row), or one with variants (its rows). */
type Step = ({ plan: RowPlan } | { group: VariantGroupPlan }) & {
  line: number;
  productId: string;
  /** Pictures from the zip the product gains. */
  uploads: ImageUpload[];
};

/** Reports how far the import has come: rows planned, then rows written, out of the sheet's rows. */
export type ImportProgress = (progress: { phase: 'check' | 'write'; done: number; total: number }) => void;

/** One import's state while its rows are planned. */
interface Planning {
  executor: Db | Tx;
  report: ImportReport;
  steps: Step[];
  seen: Set<string>;
  /** The zip's pictures by file name; absent for a bare sheet. */
  pictures: ReadonlyMap<string, Buffer> | undefined;
  progress: () => void;
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
}

/** Errors listed before the report stops counting: a wrong file would otherwise list every cell. */
const MAX_ERRORS = 500;

/** A refused import, carrying its report out of the transaction it rolls back. */
class ImportRefused extends Error {
  constructor(readonly report: ImportReport) {
    super('Import refused');
  }
}

/**
 * Brings a spreadsheet into the catalogue through the product writes the staff form uses, all rows
 * in one transaction: any row's error leaves the catalogue as it was.
 */
export class CatalogueImport {
  constructor(
    private readonly db: Db,
    private readonly writes: ProductWrites,
    private readonly writeVariants: VariantWrite,
  ) {}

  async run(
    table: SheetTable,
    actor: Actor,
    dryRun: boolean,
    {
      pictures,
      progress = () => {},
    }: { pictures?: ReadonlyMap<string, Buffer>; progress?: ImportProgress } = {},
  ): Promise<ImportReport> {
    checkHeader(table.header);
    const total = table.rows.length;
    let planned = 0;
    const planning = (executor: Db | Tx): Planning => ({
      executor,
      report: { created: 0, updated: 0, unchanged: 0, errors: [] },
      steps: [],
      seen: new Set(),
      pictures,
      progress: () => {
        planned += 1;
        if (planned % 50 === 0 || planned === total) progress({ phase: 'check', done: planned, total });
      },
    });
    if (dryRun) return (await this.plan(planning(this.db), table)).report;
    try {
      return await this.db.transaction(async (tx) => {
        const { report, steps } = await this.plan(planning(tx), table);
        if (report.errors.length) throw new ImportRefused(report);
        const rows = (step: Step) => ('group' in step ? step.group.rows : 1);
        let written = 0;
        for (const step of steps) {
          await this.apply(tx, step, actor, report);
          written += rows(step);
          progress({ phase: 'write', done: written, total });
        }
        return report;
      });
    } catch (error) {
      if (error instanceof ImportRefused) return error.report;
      throw error;
    }
  }

  private async apply(tx: Tx, step: Step, actor: Actor, report: ImportReport) {
    const plan = 'plan' in step ? step.plan : step.group.product;
    try {
      if (plan.kind === 'create')
        await this.writes.create(plan.form, step.uploads, actor, { id: plan.id, within: tx });
      if (plan.kind === 'update') await this.writes.update(plan.id, plan.changes, step.uploads, actor, tx);
      if (plan.kind === 'unchanged' && step.uploads.length) {
        await this.writes.update(step.productId, {}, step.uploads, actor, tx);
      }
      if ('group' in step && step.group.variants)
        await this.writeVariants(tx, step.group.productId, step.group.variants, actor);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new ImportRefused({
        ...report,
        errors: [{ row: step.line, column: 'sku', message: error.message }],
      });
    }
  }

  /** Every row checked against the products its SKUs name, read in the planning's executor (the import's transaction). */
  private async plan(planning: Planning, table: SheetTable) {
    const codes = optionColumnsOf(table.header);
    const lines: VariantLine[] = table.rows.map(({ line, cells }) => {
      const given: Record<string, string> = {};
      table.header.forEach((title, index) => {
        if (title) given[title] = cells[index] ?? '';
      });
      return { line, given };
    });
    await this.planPlain(
      planning,
      lines.filter(({ given }) => !isVariantLine(given, codes)),
    );
    const variants = lines.filter(({ given }) => isVariantLine(given, codes));
    if (variants.length) await this.planVariants(planning, variants, codes);
    const { report, steps } = planning;
    report.errors = report.errors.sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS);
    return { report, steps };
  }

  /** The pictures a row's `images` cell adds, checked as the form checks uploads; errors go to the report. */
  private async pictures(
    planning: Planning,
    line: number,
    cell: string | undefined,
    stored: string[],
    id: string,
  ) {
    const pictures = picturesOf(cell, stored, planning.pictures, id);
    const refuse = (message: string) => planning.report.errors.push({ row: line, column: 'images', message });
    pictures.errors.forEach(refuse);
    const problem = pictures.errors.length ? null : await pictureProblem(pictures.uploads);
    if (problem) refuse(problem);
    return pictures;
  }

  /** Rows of products without variants: matched by the product's SKU. */
  private async planPlain(planning: Planning, lines: VariantLine[]) {
    const { report, seen } = planning;
    const stored = await this.storedBySku(
      planning.executor,
      lines.map(({ given }) => given.sku ?? ''),
    );
    for (const { line, given } of lines) {
      planning.progress();
      if (report.errors.length >= MAX_ERRORS) break;
      const code = skuOf(given.sku ?? '');
      const matches = stored.get(code) ?? [];
      const refuse = (message: string, column = 'sku') => report.errors.push({ row: line, column, message });
      if (seen.has(code)) refuse('This sku is on an earlier row too');
      else if (!SKU_PATTERN.test(code))
        refuse('An sku is 8 characters of 0-9 and A-F (a new product: choose one)');
      else if (matches.length > 1) refuse('Two products share this sku: edit them in the product form');
      else if (matches[0]?.isDeleted) refuse('This product is deleted: restore it in the back office first');
      else if (matches[0]?.options.length)
        refuse('This product has variants: give each its own row with its option values');
      else if (
        ![NO, ''].includes((given.made_to_order ?? '').toLowerCase()) ||
        !['', '0'].includes(given.lead_days ?? '')
      )
        refuse('Only a variant is made to order: give the product options', 'made_to_order');
      seen.add(code);
      if (report.errors.at(-1)?.row === line) continue;
      const id = matches[0]?.id ?? idForSku(code)();
      const pictures = await this.pictures(planning, line, given.images, matches[0]?.productImages ?? [], id);
      if (report.errors.at(-1)?.row === line) continue;
      const outcome = planRow(
        line,
        { ...given, sku: code, images: pictures.cell },
        matches[0],
        () => id,
        pictures.added,
      );
      if ('errors' in outcome) report.errors.push(...outcome.errors);
      if ('errors' in outcome || report.errors.at(-1)?.row === line) continue;
      planning.steps.push({ line, plan: outcome.plan, productId: id, uploads: pictures.uploads });
      const kind =
        outcome.plan.kind === 'unchanged' && pictures.uploads.length ? 'update' : outcome.plan.kind;
      report[kind === 'create' ? 'created' : kind === 'update' ? 'updated' : 'unchanged'] += 1;
    }
  }

  /** The groups of variant rows by their `product` cell; a row without one, or repeating a SKU, is an error. */
  private groupsOf({ report, seen, progress }: Planning, lines: VariantLine[]) {
    const groups = new Map<string, VariantLine[]>();
    for (const line of lines) {
      progress();
      const key = line.given.product ?? '';
      const code = (line.given.sku ?? '').toUpperCase();
      const refuse = (column: string, message: string) =>
        report.errors.push({ row: line.line, column, message });
      if (!key)
        refuse('product', 'Rows of one product with variants share a key here (an existing product: its id)');
      else if (seen.has(code)) refuse('sku', 'This sku is on an earlier row too');
      else groups.set(key, [...(groups.get(key) ?? []), line]);
      seen.add(code);
    }
    return groups;
  }

  /**
   * Rows of products with variants, grouped by their `product` cell: an existing product's id, or a
   * key of the file's own for a new product (whose variants' SKUs then find it on the next import).
   */
  private async planVariants(planning: Planning, lines: VariantLine[], codes: string[]) {
    const { executor, report } = planning;
    const groups = this.groupsOf(planning, lines);
    const owners = await this.variantOwners(
      executor,
      lines.map(({ given }) => given.sku ?? ''),
    );
    const ids = [...new Set([...groups.keys(), ...owners.values()])];
    const found = new Map<string, ProductRow>();
    for (let start = 0; start < ids.length; start += 1000)
      for (const row of await executor
        .select()
        .from(products)
        .where(inArray(products.id, ids.slice(start, start + 1000))))
        found.set(row.id, row);
    const storedVariants = await variantsOf(executor, [...found.keys()], false);
    for (const [key, group] of groups) {
      if (report.errors.length >= MAX_ERRORS) break;
      const errorsBefore = report.errors.length;
      const ownerIds = new Set(
        group.map(({ given }) => owners.get((given.sku ?? '').toUpperCase())).filter(Boolean),
      );
      const product = found.get(key) ?? (ownerIds.size === 1 ? found.get([...ownerIds][0]!) : undefined);
      const refuse = (row: number, column: string, message: string) =>
        report.errors.push({ row, column, message });
      if (product?.isDeleted)
        refuse(group[0]!.line, 'product', 'This product is deleted: restore it in the back office first');
      for (const { line, given } of group) {
        const owner = owners.get((given.sku ?? '').toUpperCase());
        if (owner && owner !== product?.id) refuse(line, 'sku', "This sku is another product's variant");
      }
      if (report.errors.length > errorsBefore) continue;
      const id = product?.id ?? newId();
      const first = group[0]!;
      const pictures = await this.pictures(
        planning,
        first.line,
        first.given.images,
        product?.productImages ?? [],
        id,
      );
      if (report.errors.length > errorsBefore) continue;
      const stored = product && { product, variants: storedVariants.get(product.id) ?? [] };
      const outcome = planVariantGroup(group, codes, stored, () => id, pictures);
      if ('errors' in outcome) {
        report.errors.push(...outcome.errors);
        continue;
      }
      planning.steps.push({
        line: first.line,
        group: outcome.plan,
        productId: id,
        uploads: pictures.uploads,
      });
      const { count } = outcome.plan;
      if (pictures.uploads.length && count.created + count.updated === 0) {
        count.unchanged -= 1;
        count.updated += 1;
      }
      for (const kind of ['created', 'updated', 'unchanged'] as const) report[kind] += count[kind];
    }
  }

  /** The product each stored variant SKU of the sheet belongs to, by upper-case SKU. */
  private async variantOwners(executor: Db | Tx, skus: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(skus.map((code) => code.toUpperCase()).filter(Boolean))];
    const owners = new Map<string, string>();
    for (let start = 0; start < wanted.length; start += 1000) {
      const rows = await executor
        .select({ sku: productVariants.sku, productId: productVariants.productId })
        .from(productVariants)
        .where(inArray(sql`upper(${productVariants.sku})`, wanted.slice(start, start + 1000)));
      for (const row of rows) owners.set(row.sku.toUpperCase(), row.productId);
    }
    return owners;
  }

  /** The products the sheet's SKUs name (deleted ones too), by SKU. */
  private async storedBySku(executor: Db | Tx, skus: string[]): Promise<Map<string, ProductRow[]>> {
    const prefixes = [...new Set(skus.map((cell) => skuOf(cell).toLowerCase()))].filter((code) =>
      /^[0-9a-f]{8}$/.test(code),
    );
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
