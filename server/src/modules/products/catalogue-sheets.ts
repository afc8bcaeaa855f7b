import type { Db } from '../../db/client.js';
import type { Actor } from '../audit/audit-log.js';
import { CatalogueImport, type ImportReport } from './catalogue-import.js';
import { catalogueRows } from './catalogue-sheet.js';
import type { ProductWrites } from './product-writes.js';
import type { SheetTable } from './sheet-file.js';

/** The catalogue as a spreadsheet: its rows for an export, and a read sheet brought back in. */
export class CatalogueSheets {
  private readonly importer: CatalogueImport;

  constructor(
    private readonly db: Db,
    writes: ProductWrites,
  ) {
    this.importer = new CatalogueImport(db, writes);
  }

  rows() {
    return catalogueRows(this.db);
  }

  import(table: SheetTable, actor: Actor, dryRun: boolean): Promise<ImportReport> {
    return this.importer.run(table, actor, dryRun);
  }
}
