import { createHash, createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * One backup is one gzip file of JSON lines: a header, each table's rows (as PostgreSQL's own
 * `row_to_json`, so PGlite and PostgreSQL read them back alike), each picture, and a trailer
 * with the totals. An archive without its trailer (a backup killed half-way) is refused.
 */
export const ARCHIVE_FORMAT = 'mebel-shop-backup';

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  createdAt: string;
  /** Migrations applied in the database it was taken from: a restore needs the same build. */
  migrations: number;
}

export interface ArchiveTrailer {
  end: true;
  tables: number;
  rows: number;
  files: number;
}

export interface ArchiveContents {
  header: ArchiveHeader;
  tables: Map<string, string[]>;
  files: Map<string, Buffer>;
  trailer: ArchiveTrailer;
}

export class BadArchive extends Error {}

/** What `npm run backup` shows the running shop: derived from JWT_SECRET, which only its machine holds. */
export const backupKey = (jwtSecret: string) =>
  createHmac('sha256', jwtSecret).update('shop-backup').digest('hex');

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return Number(rowsOf(result)[0]?.applied ?? 0);
}

export async function shopTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return rowsOf(result).map((row) => String(row.name));
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(dir, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** Writes `line` and waits while the stream is full; a reader gone away ends the backup. */
async function put(out: Writable, line: string): Promise<void> {
  if (out.destroyed) throw new Error('the backup was abandoned by its reader');
  if (out.write(`${line}\n`)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
  if (out.destroyed) throw new Error('the backup was abandoned by its reader');
}

/**
 * The database as of one moment (a read-only repeatable-read transaction: every table from the
 * same snapshot while orders keep arriving), then the pictures. Pictures are written before the
 * row that names them, so every picture the snapshot names is already on disk.
 */
export async function writeArchive(db: Db, uploadsDir: string, out: Writable): Promise<ArchiveTrailer> {
  const trailer: ArchiveTrailer = { end: true, tables: 0, rows: 0, files: 0 };
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set transaction isolation level repeatable read, read only'));
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(tx as unknown as Db),
    };
    await put(out, JSON.stringify(header));
    for (const table of await shopTables(tx as unknown as Db)) {
      const result = await tx.execute(sql.raw(`select row_to_json(t)::text as row from "${table}" t`));
      const rows = rowsOf(result);
      await put(out, JSON.stringify({ table, rows: rows.length }));
      for (const row of rows) await put(out, String(row.row));
      trailer.tables += 1;
      trailer.rows += rows.length;
    }
  });
  for (const file of await filesUnder(uploadsDir)) {
    const data = await readFile(path.join(uploadsDir, file));
    const sha256 = createHash('sha256').update(data).digest('hex');
    await put(out, JSON.stringify({ file, size: data.length, sha256 }));
    await put(out, data.toString('base64'));
    trailer.files += 1;
  }
  await put(out, JSON.stringify(trailer));
  return trailer;
}

/** Reads and checks a whole archive; anything short of a complete, intact one is a BadArchive. */
export async function readArchive(file: string): Promise<ArchiveContents> {
  let text: string;
  try {
    // Whole, so that a cut gzip stream (its end and checksum missing) is an error here.
    text = gunzipSync(await readFile(file)).toString('utf8');
  } catch (error) {
    throw new BadArchive(
      `the archive cannot be read (${(error as Error).message}): it is incomplete or damaged`,
    );
  }
  const lines = text.split('\n');
  let at = 0;
  const next = (what: string): string => {
    if (at >= lines.length || (at === lines.length - 1 && lines[at] === ''))
      throw new BadArchive(`the archive ends before ${what}: it is incomplete (a backup stopped half-way?)`);
    return lines[at++]!;
  };
  try {
    const header = JSON.parse(next('its header')) as ArchiveHeader;
    if (header.format !== ARCHIVE_FORMAT || header.version !== 1)
      throw new BadArchive('this is not a shop backup');
    const tables = new Map<string, string[]>();
    const files = new Map<string, Buffer>();
    for (;;) {
      const entry = JSON.parse(next('its trailer')) as Record<string, unknown>;
      if (entry.end === true) {
        const trailer = entry as unknown as ArchiveTrailer;
        const rows = [...tables.values()].reduce((sum, list) => sum + list.length, 0);
        if (trailer.tables !== tables.size || trailer.rows !== rows || trailer.files !== files.size)
          throw new BadArchive('the archive does not hold what its trailer counts');
        return { header, tables, files, trailer };
      }
      if (typeof entry.table === 'string') {
        const rows: string[] = [];
        for (let i = 0; i < Number(entry.rows); i += 1) rows.push(next(`the rows of ${entry.table}`));
        tables.set(entry.table, rows);
      } else if (typeof entry.file === 'string') {
        const data = Buffer.from(next(`the picture ${entry.file}`), 'base64');
        if (createHash('sha256').update(data).digest('hex') !== entry.sha256)
          throw new BadArchive(`the picture ${entry.file} is damaged`);
        files.set(entry.file, data);
      } else throw new BadArchive('the archive holds an entry it does not know');
    }
  } catch (error) {
    if (error instanceof BadArchive) throw error;
    throw new BadArchive(`the archive cannot be read (${(error as Error).message})`);
  }
}
