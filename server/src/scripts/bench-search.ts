import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/client.js';
import { RELEVANCE_SET, scoreRelevance } from '../modules/products/search/relevance-set.js';
import { fillSyntheticCatalogue } from '../modules/products/search/synthetic-catalogue.js';
import { seedDemoProducts } from '../seed/seed-demo.js';

const usage = `npm run bench:search -- [--db postgres|pglite] [--rounds 5] [--large 100000]
  1. Relevance: the ${RELEVANCE_SET.length} queries of relevance-set.ts over the 14 demo products (PGlite).
  2. Latency: every query of the set as a search (limit 9) and as a suggestion (limit 5), in-process
     through the whole Fastify route, on a catalogue of 1 000 and of --large generated products.
     PostgreSQL from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).`;

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rounds: { type: 'string', default: '5' },
    large: { type: 'string', default: '100000' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withShop<T>(
  kind: 'postgres' | 'pglite',
  fill: (database: Database, app: App) => Promise<void>,
  run: (app: App) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-search-'));
  const dbName = `shop_bench_search_${process.pid}`;
  let databaseUrl: string | undefined;
  const admin = kind === 'postgres' ? new pg.Client({ connectionString: serverUrl }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  const config = {
    // The cache of public reads off: every query repeats each round, and a cached answer would
    // time the cache, not the search.
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_READ_CACHE: 'off',
    }),
    seedDemoData: false,
  };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    await fill(database, app);
    return await run(app);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

async function relevance() {
  return withShop(
    'pglite',
    async (database, app) => {
      await seedDemoProducts(database.db, app.services.products.images, { onlyIfEmpty: false });
    },
    async (app) => {
      const byKind = new Map<string, { n: number; top5: number; first: number }>();
      const search = async (query: string): Promise<string[]> => {
        const response = await app.inject({
          method: 'GET',
          url: '/api/products',
          query: { search: query, limit: '5' },
        });
        return response.json().docs.map((product: { name: string }) => product.name);
      };
      for (const entry of RELEVANCE_SET) {
        const names = await search(entry.query);
        const row = byKind.get(entry.kind) ?? { n: 0, top5: 0, first: 0 };
        row.n += 1;
        if (names.includes(entry.expected)) row.top5 += 1;
        if (names[0] === entry.expected) row.first += 1;
        byKind.set(entry.kind, row);
      }
      return { score: await scoreRelevance(search), byKind };
    },
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function latency(size: number) {
  const kind = values.db === 'pglite' ? 'pglite' : 'postgres';
  return withShop(
    kind,
    (database) => fillSyntheticCatalogue(database.db, size),
    async (app) => {
      // The health route (one trivial query) in the same loop: what the machine itself costs right now.
      const timings = { search: [] as number[], suggest: [] as number[], baseline: [] as number[] };
      const rounds = Number(values.rounds);
      // One warm-up round (plans, the list totals' cache), then the measured ones.
      for (let round = 0; round <= rounds; round += 1) {
        for (const { query } of RELEVANCE_SET) {
          for (const route of ['search', 'suggest'] as const) {
            const started = performance.now();
            const response = await app.inject({
              method: 'GET',
              url: route === 'search' ? '/api/products' : '/api/products/suggest',
              query:
                route === 'search' ? { search: query, limit: '9' } : { q: query, limit: '5', lang: 'ru' },
            });
            const took = performance.now() - started;
            if (response.statusCode !== 200) throw new Error(`${route} ${query}: ${response.statusCode}`);
            if (round > 0) timings[route].push(took);
          }
          const started = performance.now();
          await app.inject({ method: 'GET', url: '/api/health' });
          if (round > 0) timings.baseline.push(performance.now() - started);
        }
      }
      const summary = (list: number[]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
      };
      return {
        search: summary(timings.search),
        suggest: summary(timings.suggest),
        baseline: summary(timings.baseline),
      };
    },
  );
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
const ms = (value: number) => value.toFixed(2);

console.error('Relevance over the demo catalogue…');
const { score, byKind } = await relevance();
console.log(`## Relevance (${score.queries} queries, demo catalogue)\n`);
console.log('| kind | queries | in top 5 | first |');
console.log('|---|---|---|---|');
for (const [kind, row] of byKind) console.log(`| ${kind} | ${row.n} | ${row.top5} | ${row.first} |`);
console.log(
  `| **all** | ${score.queries} | ${pct(score.inTopFive, score.queries)} | ${pct(score.first, score.queries)} |`,
);
for (const miss of score.misses)
  console.log(`\nmissed: "${miss.query}" → ${miss.got.join(', ') || '(nothing)'}`);

const large = Number(values.large);
const results = [];
for (const size of [1000, large]) {
  console.error(`Latency on ${size} generated products (${values.db})…`);
  results.push({ size, ...(await latency(size)) });
}
console.log(`\n## Latency (${values.db}, in-process through the route, ms)\n`);
console.log('| route | products | requests | p50 | p99 |');
console.log('|---|---|---|---|---|');
for (const route of ['search', 'suggest', 'baseline'] as const) {
  for (const result of results) {
    const r = result[route];
    console.log(`| ${route} | ${result.size} | ${r.n} | ${ms(r.p50)} | ${ms(r.p99)} |`);
  }
}
const [small, big] = results;
for (const route of ['search', 'suggest'] as const) {
  console.log(
    `\n${route}: p99 at ${big!.size} ÷ p99 at ${small!.size} = ${(big![route].p99 / small![route].p99).toFixed(2)} (bar ≤ 2)`,
  );
}
console.log(`suggest p50 at ${big!.size}: ${ms(big!.suggest.p50)} ms (bar ≤ 10 ms on PostgreSQL)`);
console.log(
  `(baseline = GET /api/health in the same loop; load average now ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')})`,
);
