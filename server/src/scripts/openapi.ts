import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import type { Database } from '../db/client.js';

// Prints the OpenAPI document the running server serves at /api/docs/json, for `npm run lint:api`.
// Building the routes reads no rows, so the database is an empty stand-in.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-openapi-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined });
const database: Database = {
  db: {} as Database['db'],
  kind: 'pglite',
  close: async () => {},
};
const app = await buildApp({
  config: { ...config, payments: { ...config.payments, sweepIntervalMs: 0 } },
  database,
  logger: false,
});
await app.ready();
process.stdout.write(JSON.stringify(app.swagger(), null, 2) + '\n');
await app.close();
rmSync(dataDir, { recursive: true, force: true });
