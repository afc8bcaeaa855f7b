import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListQuerySchema, suggestQuerySchema } from '@shop/common';
import type { Database, Db } from '../../../db/client.js';
import * as schema from '../../../db/schema.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { ImageStore } from '../images.js';
import { ProductService } from '../product-service.js';
import { fillSyntheticCatalogue } from './synthetic-catalogue.js';

/**
 * Search and suggest are served by indexes, never by reading the whole catalogue. The
 * product service runs its real queries on a generated catalogue large enough for the planner to
 * weigh a full read against the indexes; each statement it sends is recorded and EXPLAINed on the
 * same database (PGlite, or PostgreSQL under TEST_DATABASE_URL). No vacuum after the bulk fill: a
 * PGlite shop never gets one, which is why the trigram indexes keep no pending list (decision 012).
 */
const CATALOGUE_SIZE = 20_000;
const FULL_SCAN = /Seq Scan on (products|search_words)/;
const TRIGRAM_INDEX = /Bitmap Index Scan on products_search_(name|text)_idx/;

interface Statement {
  sql: string;
  params: unknown[];
}

describe('search query plans', () => {
  let database: Database;
  let service: ProductService;
  const sent: Statement[] = [];
  let explain: (statement: Statement) => Promise<string>;

  beforeAll(async () => {
    database = await openTestDatabase();
    await fillSyntheticCatalogue(database.db, CATALOGUE_SIZE);
    // A second handle on the same connection, logging what the service sends.
    const logger = { logQuery: (sql: string, params: unknown[]) => void sent.push({ sql, params }) };
    const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    let recording: Db;
    if (database.kind === 'pglite') {
      const lite = client as PGlite;
      recording = drizzlePglite(lite, { schema, logger }) as unknown as Db;
      explain = async ({ sql, params }) => {
        const result = await lite.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
    } else {
      const pool = client as pg.Pool;
      recording = drizzlePg(pool, { schema, logger }) as unknown as Db;
      explain = async ({ sql, params }) => {
        const result = await pool.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
    }
    service = new ProductService(recording, new ImageStore(mkdtempSync(path.join(os.tmpdir(), 'plan-'))), 12);
  }, 600_000);
  afterAll(() => database?.close());

  /** The plans of every statement that reads products or the typo dictionary. */
  async function plansOf(run: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
    sent.length = 0;
    await run();
    const reads = sent.filter((s) => /^select/i.test(s.sql.trim()));
    return Promise.all(reads.map(async (s) => ({ sql: s.sql, plan: await explain(s) })));
  }

  const listings: [string, Record<string, string>][] = [
    ['a broad Latin word, by relevance', { search: 'stul' }],
    ['a broad Cyrillic word, by relevance', { search: 'стул' }],
    ['two words', { search: 'ofis stul' }],
    ['a two-letter word start', { search: 'er' }],
    ['a model code', { search: 'm12345' }],
    ['a typo', { search: 'kerslo' }],
    ['an unknown word', { search: 'qwzxvy' }],
    ['a word with a category and a price order', { search: 'shkaf', category: 'office', sort: 'price_asc' }],
    ['the third page by relevance', { search: 'stol', page: '3' }],
  ];

  /** No full read anywhere; a count (no order to walk an index by) goes through a trigram index. */
  function expectIndexed(plans: { sql: string; plan: string }[]) {
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql, plan } of plans) {
      expect(plan, sql).not.toMatch(FULL_SCAN);
      if (/^select count/i.test(sql) && /"search_(text|name)" like/.test(sql)) {
        expect(plan, sql).toMatch(TRIGRAM_INDEX);
      }
    }
  }

  it.each(listings)('the listing: %s', async (_, query) => {
    const plans = await plansOf(() => service.reads.listForShoppers(productListQuerySchema.parse(query)));
    expectIndexed(plans);
  });

  it.each(['stu', 'шкаф', 'kreslo', 'kerslo', 'm777'])('suggest %s', async (q) => {
    const plans = await plansOf(() => service.reads.suggest(suggestQuerySchema.parse({ q })));
    expectIndexed(plans);
  });
});
