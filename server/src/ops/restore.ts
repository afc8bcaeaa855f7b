import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  BadArchive,
  appliedMigrations,
  filesUnder,
  shopTables,
  type ArchiveContents,
} from './backup-archive.js';

const BATCH = 500;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** What makes a shop "not empty": anything a person made (migrations alone seed only settings). */
export async function whatTheTargetHolds(db: Db, uploadsDir: string): Promise<string[]> {
  const held: string[] = [];
  for (const table of ['users', 'products', 'orders']) {
    const result = await db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
    const n = Number(rowsOf(result)[0]?.n ?? 0);
    if (n > 0) held.push(`${n} ${table}`);
  }
  const files = await filesUnder(uploadsDir);
  if (files.length > 0) held.push(`${files.length} files in ${uploadsDir}`);
  return held;
}

/** Tables in an order where each comes after the tables its foreign keys point to. */
async function insertOrder(db: Db, tables: string[]): Promise<string[]> {
  const result = await db.execute(sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where c.contype = 'f' and n.nspname = 'public' and child.relname <> parent.relname`);
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const row of rowsOf(result)) parents.get(String(row.child))?.add(String(row.parent));
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Replaces the target's rows with the archive's, in one transaction, then writes the pictures.
 * The caller has checked that the target is empty (or was told `--force`).
 */
export async function restoreArchive(db: Db, uploadsDir: string, archive: ArchiveContents): Promise<void> {
  const migrations = await appliedMigrations(db);
  if (migrations !== archive.header.migrations) {
    throw new BadArchive(
      `the archive was taken at database version ${archive.header.migrations}, this shop is at ${migrations}: restore it with the same version of the shop`,
    );
  }
  const present = await shopTables(db);
  const unknown = [...archive.tables.keys()].filter((table) => !present.includes(table));
  if (unknown.length > 0)
    throw new BadArchive(`the archive holds tables this shop does not have: ${unknown.join(', ')}`);
  await db.transaction(async (tx) => {
    const list = present.map((table) => `"${table}"`).join(', ');
    await tx.execute(sql.raw(`truncate table ${list} restart identity cascade`));
    for (const table of await insertOrder(tx as unknown as Db, [...archive.tables.keys()])) {
      const rows = archive.tables.get(table)!;
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = `[${rows.slice(start, start + BATCH).join(',')}]`;
        await tx.execute(
          sql`insert into ${sql.raw(`"${table}"`)} overriding system value select * from json_populate_recordset(null::${sql.raw(`"${table}"`)}, ${batch}::json)`,
        );
      }
    }
    // Identity columns continue after the restored rows.
    const identities = await tx.execute(sql`
      select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and is_identity = 'YES'`);
    for (const { t, c } of rowsOf(identities)) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${String(t)}"', '${String(c)}'), coalesce((select max("${String(c)}") from "${String(t)}"), 0) + 1, false)`,
        ),
      );
    }
  });
  await rm(uploadsDir, { recursive: true, force: true });
  await mkdir(path.join(uploadsDir, 'products', 'thumbs'), { recursive: true });
  for (const [file, data] of archive.files) {
    const target = path.join(uploadsDir, file);
    if (!target.startsWith(path.resolve(uploadsDir) + path.sep))
      throw new BadArchive(`the archive names a file outside the pictures folder: ${file}`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }
}
