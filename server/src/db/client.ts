import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';
import { lockDataFolder } from './data-folder-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(tx => …)`; on PGlite only `tx` may be used there. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's address: for a connection of its own (the staff alerts' lock). */
  url?: string;
  close(): Promise<void>;
}

export { MIGRATIONS_DIR };

export const PGLITE_EXTENSIONS = { pg_trgm };

/** PGlite runs one query at a time, in this process; a real server gets a pool. */
export async function openPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  // A broken idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await pool.query('select 1');
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return { db, kind: 'postgres', url: connectionString, close: () => pool.end() };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const folder = path.join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const unlock = lockDataFolder(options.dataDir);
  try {
    const database = await openPglite(new PGlite(folder, { extensions: PGLITE_EXTENSIONS }));
    return { ...database, close: () => database.close().finally(unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}
