import type { Db } from '../../db/client.js';
import type { Actor } from '../audit/audit-log.js';
import {
  CatalogueImport,
  type ImportProgress,
  type ImportReport,
  type VariantWrite,
} from './catalogue-import.js';
import { catalogueHeader, catalogueRows } from './catalogue-sheet.js';
import type { ProductWrites } from './product-writes.js';
import type { SheetTable } from './sheet-file.js';

/** The catalogue as a spreadsheet: its rows for an export, and a read sheet brought back in. */
export class CatalogueSheets {
  private readonly importer: CatalogueImport;

  constructor(
    private readonly db: Db,
    writes: ProductWrites,
    writeVariants: VariantWrite,
  ) {
    this.importer = new CatalogueImport(db, writes, writeVariants);
  }

  /** The export: its header (option columns depend on the catalogue) and its rows. */
  async sheet() {
    const header = await catalogueHeader(this.db);
    return { header, rows: catalogueRows(this.db, header) };
  }

  import(
    table: SheetTable,
    actor: Actor,
    dryRun: boolean,
    options: { pictures?: ReadonlyMap<string, Buffer>; progress?: ImportProgress } = {},
  ): Promise<ImportReport> {
    return this.importer.run(table, actor, dryRun, options);
  }
}
