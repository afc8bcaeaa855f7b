import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../db/client.js';
import { fillSyntheticCatalogue } from '../modules/products/search/synthetic-catalogue.js';

const usage = `npm run bench:feeds -- [--products 10000]
  Seeds --products generated products in a temporary PGlite (descriptions of ~600 characters, three
  pictures, one in ten on sale) and reads each feed three times: made afresh (streamed from the
  database), again from the cache, and with its ETag (304). Prints time, size and the heap's growth.`;

const { values } = parseArgs({
  options: { products: { type: 'string', default: '10000' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const FEEDS = ['/feeds/google.xml', '/feeds/yandex.yml', '/feeds/meta.csv'];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const size = Number(values.products);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-feeds-'));
  const database = await openDatabase({ dataDir });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) }),
    seedDemoData: false,
  };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    await fillSyntheticCatalogue(database.db, size);
    await database.db.execute(sql`
      update products set
        description = repeat(description || '. Metall karkas, laminat qoplama, 5 yil kafolat. ', 8),
        product_images = array['/uploads/products/a.webp', '/uploads/products/b.webp', '/uploads/products/c.webp'],
        is_discounted = (abs(hashtext(id)) % 10 = 0), discount_type = 'percentage', discount_value = 15`);
    console.log(`${size} products (PGlite, in-process through the Fastify route)\n`);
    console.log('feed                 made afresh        from the cache     304     size');
    for (const url of FEEDS) {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let started = performance.now();
      const fresh = await app.inject({ url });
      const freshMs = performance.now() - started;
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore - fresh.rawPayload.length;
      started = performance.now();
      const cached = await app.inject({ url });
      const cachedMs = performance.now() - started;
      started = performance.now();
      const notModified = await app.inject({ url, headers: { 'if-none-match': String(fresh.headers.etag) } });
      const notModifiedMs = performance.now() - started;
      if (fresh.statusCode !== 200 || cached.body !== fresh.body || notModified.statusCode !== 304)
        throw new Error(
          `${url}: ${fresh.statusCode} / ${notModified.statusCode}, or the cached copy differs`,
        );
      console.log(
        `${url.padEnd(20)} ${`${freshMs.toFixed(0)} ms`.padEnd(18)} ${`${cachedMs.toFixed(0)} ms`.padEnd(18)} ` +
          `${`${notModifiedMs.toFixed(0)} ms`.padEnd(7)} ${mb(fresh.rawPayload.length)} ` +
          `(heap beyond the body: ${mb(Math.max(0, heapGrowth))})`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
