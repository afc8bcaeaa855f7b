import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { SERVER_ROOT } from '../paths.js';
import { withDatabase } from '../test/global-setup.js';
import { runShop, type RunningShop } from '../test/start-process.js';
import { recordFigure } from '../test/reliability-figures.js';
import { buildTestShop } from '../test/test-app.js';
import { BadArchive, filesUnder, readArchive } from './backup-archive.js';

const run = promisify(execFile);
const PORT = Number(process.env.BACKUP_TEST_PORT ?? 4322);
/** On the PostgreSQL pass the shop runs on PostgreSQL, and a restore goes into an empty database too. */
const pgServer = process.env.TEST_DATABASE_URL;
const ADMIN = { phone: '+998901112233', password: 'backup-admin-password' };
const JWT_SECRET = 'backup-test-secret-of-more-than-32-characters';

const root = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
const folder = (name: string) => path.join(root, name);
const databases: string[] = [];
let admin: pg.Client | undefined;

async function emptyPostgres(): Promise<string> {
  const name = `going_live_${randomBytes(5).toString('hex')}`;
  await admin!.query(`create database ${name}`);
  databases.push(name);
  return withDatabase(pgServer!, name);
}

const envFor = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  JWT_SECRET,
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** `npm run <script>` as the operator runs it; resolves with its exit code and output. */
async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = await run(process.execPath, ['--import', 'tsx', `src/scripts/${script}.ts`, ...args], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  }).then(
    (done) => ({ code: 0, ...done }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return result;
}

/** Each table's rows as PostgreSQL writes them, sorted: equal lists are the same rows. */
async function tableRows(database: Database): Promise<Map<string, string[]>> {
  const tables = await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const rows = new Map<string, string[]>();
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    const result = await database.db.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`));
    rows.set(name, (result as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).sort());
  }
  return rows;
}

let shop: RunningShop;
let sourceUrl: string | undefined;
let product: { _id: string; stock: number; color: string[] };
const archive = folder('shop-backup.gz');

beforeAll(async () => {
  if (pgServer) {
    admin = new pg.Client({ connectionString: pgServer });
    await admin.connect();
    sourceUrl = await emptyPostgres();
  }
  shop = await runShop(
    {
      ...envFor(folder('source'), sourceUrl),
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'on',
      ORDER_LIMITS: 'off',
    },
    PORT,
  );
  const list = await (await fetch(`${shop.url}/api/products?limit=100`)).json();
  product = list.docs.reduce((best: typeof product, next: typeof product) =>
    next.stock > best.stock ? next : best,
  );
}, 300_000);

afterAll(async () => {
  await shop?.stop();
  for (const name of databases) await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', { timeout: 300_000 }, () => {
  it('takes a backup while orders are being placed, consistent as of one moment', async () => {
    let placing = true;
    let placed = 0;
    const orders = (async () => {
      while (placing && placed < product.stock - 1) {
        const response = await fetch(`${shop.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            customerName: 'Aziza Karimova',
            phoneNumber: `+9989011${String(placed).padStart(5, '0')}`,
            items: [{ productId: product._id, quantity: 1, color: product.color[0] }],
          }),
        });
        expect(response.status).toBe(201);
        placed += 1;
      }
    })();
    const backup = await command('backup', ['--out', archive], envFor(folder('source'), sourceUrl));
    placing = false;
    await orders;
    expect(backup.code, backup.stderr).toBe(0);
    expect(placed).toBeGreaterThan(0);
    expect(readdirSync(root).filter((name) => name.includes('partial'))).toEqual([]);

    // The snapshot is one moment: the product's stock and the lines that took it agree.
    const { tables } = await readArchive(archive);
    const stock = (tables.get('products') ?? [])
      .map((row) => JSON.parse(row))
      .find((row) => row.id === product._id);
    const taken = (tables.get('order_lines') ?? [])
      .map((row) => JSON.parse(row))
      .filter((line) => line.product_id === product._id)
      .reduce((sum, line) => sum + line.quantity, 0);
    expect(stock.stock + taken).toBe(product.stock);
  });

  it('refuses an archive cut short at any point, and a kill -9 leaves none under the name', async () => {
    const whole = readFileSync(archive);
    for (const cut of [10, Math.floor(whole.length / 2), whole.length - 8]) {
      const cutFile = folder(`cut-${cut}.gz`);
      (await import('node:fs')).writeFileSync(cutFile, whole.subarray(0, cut));
      await expect(readArchive(cutFile)).rejects.toBeInstanceOf(BadArchive);
    }
    const out = folder('killed.gz');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/backup.ts', '--out', out], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...envFor(folder('source'), sourceUrl) },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    while (!readdirSync(root).some((name) => name.startsWith('.killed.gz.partial'))) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(out)).toBe(false);
    const partial = readdirSync(root).find((name) => name.startsWith('.killed.gz.partial'))!;
    const restore = await command('restore', [path.join(root, partial)], envFor(folder('from-partial')));
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/Restore failed: the archive (ends before|cannot be read)/);
    // The shop was not left holding anything: it serves, and backs up again.
    expect((await fetch(`${shop.url}/api/health/ready`)).status).toBe(200);
    expect(
      (await command('backup', ['--out', folder('again.gz')], envFor(folder('source'), sourceUrl))).code,
    ).toBe(0);
    recordFigure({
      test: 'kill -9 during a backup',
      figure: '0 archives under the name, 4 of 4 cut archives refused (3 cuts and the killed run)',
      ok: true,
    });
  });

  const targets = [['an empty data folder', async () => envFor(folder('restored'))]] as const;
  const allTargets = pgServer
    ? [
        ...targets,
        [
          'an empty PostgreSQL database',
          async () => envFor(folder('restored-pg'), await emptyPostgres()),
        ] as const,
      ]
    : targets;

  it.each(allTargets)(
    'restores into %s: the same rows and pictures, and the admin signs in',
    async (_name, target) => {
      const env = await target();
      const restore = await command('restore', [archive], env);
      expect(restore.code, restore.stderr).toBe(0);
      const { tables, files } = await readArchive(archive);

      const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
      const restoredShop = await buildTestShop({ databaseHandle: database, keepDatabase: true });
      try {
        const restored = await tableRows(database);
        for (const [table, rows] of tables) expect(restored.get(table), table).toEqual([...rows].sort());
        const uploads = path.join(env.DATA_DIR, 'uploads');
        expect(await filesUnder(uploads)).toEqual([...files.keys()].sort());
        for (const [file, data] of files)
          expect(readFileSync(path.join(uploads, file)).equals(data), file).toBe(true);
        expect(files.size).toBeGreaterThanOrEqual(14);
        const login = await restoredShop.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { phoneNumber: ADMIN.phone, password: ADMIN.password },
        });
        expect(login.statusCode, login.body).toBe(200);
      } finally {
        await restoredShop.close();
        await database.close();
      }

      // A second restore into the now full target is refused, and changes nothing.
      const again = await command('restore', [archive], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty \(.*users.*\): restore into an empty one, or add --force/);
      const forced = await command('restore', [archive, '--force'], env);
      expect(forced.code, forced.stderr).toBe(0);
    },
  );

  it('matches the shop it came from: its pictures and the orders both hold', async () => {
    await shop.stop();
    const source = await openDatabase({ dataDir: folder('source'), databaseUrl: sourceUrl });
    const restored = await openDatabase({ dataDir: folder('restored') });
    try {
      const [before, after] = [await tableRows(source), await tableRows(restored)];
      expect(after.get('users')).toEqual(before.get('users'));
      for (const order of after.get('orders') ?? []) expect(before.get('orders')).toContain(order);
      for (const file of await filesUnder(path.join(folder('source'), 'uploads'))) {
        const original = readFileSync(path.join(folder('source'), 'uploads', file));
        expect(readFileSync(path.join(folder('restored'), 'uploads', file)).equals(original), file).toBe(
          true,
        );
      }
    } finally {
      await source.close();
      await restored.close();
    }
  });
});
