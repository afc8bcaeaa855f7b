import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS, type Database, type Db } from '../db/client.js';
import { withDatabase } from './global-setup.js';
import { buildTestShop, type TestShop } from './test-app.js';

/** The migrations folder as it was before `tag`: the database a shop had then. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag),
  );
  for (const entry of entries) {
    copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A fresh database migrated to `folder`, then to today's migrations by `upgrade`. */
async function freshDatabase(folder: string): Promise<{ database: Database; upgrade(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `shop_test_${process.pid}_migration_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: withDatabase(serverUrl, name), max: 5 });
    // Dropping the database ends connections the pool is still closing; as in the shop's own pool.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: folder });
    const close = async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    return {
      database: { db, kind: 'postgres', close },
      upgrade: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    };
  }
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: folder });
  return {
    database: { db, kind: 'pglite', close: () => client.close() },
    upgrade: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
  };
}

/**
 * A test shop on a database that was at the migration before `tag`, held the rows `seed` writes
 * there, and was then brought up to today's migrations: what an owner's upgrade does.
 */
export async function shopUpgradedFrom(
  tag: string,
  seed: (db: Db) => Promise<void>,
): Promise<{ shop: TestShop; close(): Promise<void> }> {
  const folder = migrationsBefore(tag);
  const { database, upgrade } = await freshDatabase(folder);
  await seed(database.db);
  await upgrade();
  const shop = await buildTestShop({ databaseHandle: database });
  return {
    shop,
    close: async () => {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
