import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, openPglite, openPostgres } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** Replaces the database name of a connection string. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Migrates one template database for the whole run; each test file then opens a copy:
 * a PGlite data-folder dump, or `CREATE DATABASE … TEMPLATE` on PostgreSQL (TEST_DATABASE_URL).
 */
/** The web build the page tests render with; built once here when missing (a fresh clone). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

function ensureWebBuild() {
  if (existsSync(path.join(WEB_DIST_DIR, 'server', 'entry-server.js'))) return;
  execFileSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: path.resolve(WEB_DIST_DIR, '../..'),
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test; the shop's build is always the production one.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `shop_test_${process.pid}_template`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openPostgres(withDatabase(serverUrl, template), 1);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'shop_test_${process.pid}_%'`,
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }

  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const database = await openPglite(client);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `shop-test-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
}
