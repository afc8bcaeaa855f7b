import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { desc, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { products } from '../db/schema.js';
import { SEARCH_RULES_VERSION } from '../modules/products/search/search-document.js';
import { fillVariants } from './bench-variants.js';

const usage = `npm run bench:api -- [--db postgres|pglite] [--large] [--seconds 5]
  Compares a small catalogue (1k products) with a large one (10k, or 100k with --large),
  each against a bare Fastify route measured in the same run. Load goes to 127.0.0.1 only.`;

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    large: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const sizes = [1_000, values.large ? 100_000 : 10_000];
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function fillCatalogue(
  databaseUrl: string | undefined,
  dataDir: string,
  size: number,
): Promise<{ productIds: string[]; thirtyVariants: string }> {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.db.execute(sql`
    insert into products (id, name, description, price, category, color, product_images, stock,
                          is_new_product, is_discounted, discount_type, discount_value, created_at, updated_at,
                          search_name, search_text, search_version)
    select id, name, description, price, category, color, product_images, stock, is_new_product,
           is_discounted, discount_type, discount_value, created_at, updated_at,
           -- Plain ASCII text: lower() is its search key (searchColumns in search-document.ts).
           ' ' || lower(name) || ' ', ' ' || lower(name) || ' ' || lower(replace(description, ',', '')) || ' ', ${SEARCH_RULES_VERSION}
    from (
    select substr(md5(random()::text || g::text), 1, 24) as id,
           (array['Maktab partasi','Ofis stuli','Kitob javoni','Bolalar stoli','Loft stol'])[1 + g % 5] || ' ' || g as name,
           'Mustahkam mebel, model ' || md5(g::text) as description,
           100000 + (g * 7919) % 5000000 as price,
           (array['school','kinder','office','loft'])[1 + g % 4] as category,
           array['oq','qora'] as color, array['/uploads/products/demo.webp'] as product_images,
           1000000000 as stock, g % 7 = 0 as is_new_product, g % 5 = 0 as is_discounted,
           case when g % 5 = 0 then 'percentage' end as discount_type,
           case when g % 5 = 0 then 10 end as discount_value,
           now() - make_interval(secs => g) as created_at, now() as updated_at
    from generate_series(1, ${size}) g) generated`);
  await database.db.execute(sql`analyze products`);
  // The first is the product of every single-product read and order; the 20 spread orders out.
  const rows = await database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(desc(products.createdAt))
    .limit(20)
    .offset(5);
  const ids = rows.map((row) => row.id);
  const thirtyVariants = await fillVariants(database.db, ids);
  await database.close();
  return { productIds: ids, thirtyVariants };
}

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Unmeasured load first: the route's code is compiled and its pool connected before the timing. */
const WARM_UP_S = 1;

async function measure(name: string, options: autocannon.Options): Promise<Measure> {
  // autocannon 9 takes `warmup`; its bundled types do not name it yet.
  const withWarmUp: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    connections,
    duration: seconds,
    warmup: { connections, duration: WARM_UP_S },
    ...options,
  };
  const result: autocannon.Result = await autocannon(withWarmUp);
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

async function benchCatalogue(size: number): Promise<Measure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  let databaseUrl: string | undefined;
  const dbName = `shop_bench_${size}_${process.pid}`;
  if (values.db === 'postgres') {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const { productIds, thirtyVariants } = await fillCatalogue(databaseUrl, dataDir, size);
  const productId = productIds[0]!;
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    // ORDER_LIMITS off: the order rows measure placing orders as fast as one client can, from one
    // address and one phone, which the limits (10 an hour, 3 open) would refuse at once.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'silent',
      ORDER_LIMITS: 'off',
    },
  });
  const ports = await new Promise<{ shop: number; bare: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { shop: number; bare: number }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const shop = `http://127.0.0.1:${ports.shop}`;
  const orderOf = (id: string) =>
    JSON.stringify({
      customerName: 'Bench',
      phoneNumber: '+998901234567',
      items: [{ productId: id, quantity: 1, color: 'oq', price: 0 }],
      totalAmount: 0,
    });
  const order = orderOf(productId);
  let next = 0;
  try {
    return [
      await measure('bare Fastify route', { url: `http://127.0.0.1:${ports.bare}/bare` }),
      await measure('GET /api/products?page=1&limit=9', { url: `${shop}/api/products?page=1&limit=9` }),
      await measure('GET /api/products?search=javon&limit=9', {
        url: `${shop}/api/products?search=javon&limit=9`,
      }),
      await measure('GET /api/products?opt.size=140x70&limit=9', {
        url: `${shop}/api/products?opt.size=140x70&limit=9`,
      }),
      await measure('GET /api/products/:id', { url: `${shop}/api/products/${productId}` }),
      await measure('GET /api/products/:id (30 variants)', {
        url: `${shop}/api/products/${thirtyVariants}`,
      }),
      // The server-rendered product page (decision 010), as a browser asks for it.
      await measure('GET /product/:id (page)', {
        url: `${shop}/product/${productId}`,
        headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'uz' },
      }),
      await measure('GET /product/:id (page, 30 variants)', {
        url: `${shop}/product/${thirtyVariants}`,
        headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'uz' },
      }),
      await measure('POST /api/orders', {
        url: `${shop}/api/orders`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: order,
      }),
      // Orders spread over 20 products, as a shop's orders are: no one product's row lock to queue on.
      await measure('POST /api/orders (20 products)', {
        url: `${shop}/api/orders`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: orderOf(productIds[next++ % productIds.length]!),
            }),
          },
        ],
      }),
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (values.db === 'postgres') {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const results = new Map<number, Measure[]>();
for (const size of sizes) {
  console.error(
    `Benchmarking ${size} products on ${values.db} (${seconds} s per route, ${connections} connections)…`,
  );
  results.set(size, await benchCatalogue(size));
}

const [small, large] = sizes as [number, number];
const fmt = (n: number, digits = 0) => n.toFixed(digits);
console.log(`\n## ${values.db}, ${connections} connections, ${seconds} s per route\n`);
console.log(`| route | products | req/s | p50 ms | p99 ms | errors | ÷ bare (req/s) |`);
console.log(`|---|---|---|---|---|---|---|`);
for (const size of sizes) {
  const rows = results.get(size)!;
  const bare = rows[0]!.rps;
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${size} | ${fmt(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${fmt(row.rps / bare, 3)} |`,
    );
  }
}
console.log(`\n| route | p50 at ${large} ÷ p50 at ${small} | p99 at ${large} ÷ p99 at ${small} |`);
console.log(`|---|---|---|`);
for (const [index, row] of results.get(small)!.entries()) {
  if (index === 0) continue;
  const big = results.get(large)![index]!;
  console.log(
    `| ${row.name} | ${fmt(big.p50 / Math.max(row.p50, 0.001), 2)} | ${fmt(big.p99 / Math.max(row.p99, 0.001), 2)} |`,
  );
}
