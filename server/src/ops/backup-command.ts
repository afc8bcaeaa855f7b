import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../config/config.js';
import { openDatabase } from '../db/client.js';
import { DataFolderInUse } from '../db/data-folder-lock.js';
import { backupKey, readArchive, writeArchive } from './backup-archive.js';

/** The archive from the database itself: PostgreSQL, or an embedded database no shop has open. */
async function archiveFromDatabase(config: Config, file: string): Promise<'database' | 'in-use'> {
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataFolderInUse) return 'in-use';
    throw error;
  }
  try {
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(file));
    await writeArchive(database.db, config.uploadsDir, gzip);
    gzip.end();
    await written;
    return 'database';
  } finally {
    await database.close();
  }
}

/** The running shop holds the embedded database: it writes the archive, this process keeps it. */
async function archiveFromRunningShop(config: Config, file: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${config.port}/api/backup`, {
    headers: { 'x-backup-key': backupKey(config.jwtSecret) },
  });
  if (!response.ok || !response.body) {
    throw new Error(
      `the running shop on port ${config.port} answered ${response.status} (is PORT the shop's?)`,
    );
  }
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
}

/**
 * Writes the archive under a temporary name beside `out`, checks it whole, and only then gives it
 * its name: a backup stopped at any point leaves no file named `out`.
 */
export async function backUp(config: Config, out: string): Promise<string> {
  const target = path.resolve(out);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
  try {
    if ((await archiveFromDatabase(config, partial)) === 'in-use')
      await archiveFromRunningShop(config, partial);
    const { trailer } = await readArchive(partial);
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await rename(partial, target);
    return `${trailer.tables} tables, ${trailer.rows} rows, ${trailer.files} pictures`;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
